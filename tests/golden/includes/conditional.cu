// Includes in different #if branches are not duplicates of each other.
#ifdef USE_DRIVER_API  // expect: HPY202
#include <cuda.h>
#else
#include <cuda_runtime.h>
#endif
#include <cuda_runtime_api.h>

int main() { return (int)cudaDeviceReset(); }
