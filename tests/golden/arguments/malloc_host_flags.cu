// cudaMallocHost(p, n) gets HIP's flags argument, which has no default; the C++ overload
// cudaMallocHost(p, n, flags) passes its own (a fourth argument, appended, did not compile).
#include <cuda_runtime.h>

int pinned(float **plain, int **mapped, size_t n) {
  cudaError_t a = cudaMallocHost((void **)plain, n * sizeof(float));
  cudaError_t b = cudaMallocHost(mapped, n * sizeof(int), cudaHostAllocMapped);
  return a == cudaSuccess && b == cudaSuccess;
}
