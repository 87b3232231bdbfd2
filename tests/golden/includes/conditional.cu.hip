// Includes in different #if branches are not duplicates of each other.
#include <hip/hip_runtime.h>
#ifdef USE_DRIVER_API  // expect: HPY202
#include <hip/hip_runtime.h>
#else
#include <hip/hip_runtime.h>
#endif
#include <hip/hip_runtime_api.h>

int main() { return (int)hipDeviceReset(); }
