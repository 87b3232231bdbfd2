// "helper_cuda.h" resolves to the project's own file, so the include is kept.
#include <hip/hip_runtime.h>
#include "local/helper_cuda.h"
#include "helper_cuda.h"
#include <helper_cuda.h>

int main() {
  checkCudaErrors(hipDeviceSynchronize());
  return 0;
}
