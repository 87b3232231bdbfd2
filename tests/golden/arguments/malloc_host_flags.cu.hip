// cudaMallocHost(p, n) gets HIP's flags argument, which has no default; the C++ overload
// cudaMallocHost(p, n, flags) passes its own (a fourth argument, appended, did not compile).
#include <hip/hip_runtime.h>

int pinned(float **plain, int **mapped, size_t n) {
  hipError_t a = hipHostMalloc((void **)plain, n * sizeof(float), hipHostMallocDefault);
  hipError_t b = hipHostMalloc(mapped, n * sizeof(int), hipHostMallocMapped);
  return a == hipSuccess && b == hipSuccess;
}
