#include <cuda_runtime.h>

using HostAllocator = cudaError_t (*)(void **, size_t, unsigned int);

float *pinned(size_t n) {
  float *p = nullptr;
  cudaHostAlloc(&p, n * sizeof(float), cudaHostAllocDefault);
  return p;
}

HostAllocator allocator() { return cudaHostAlloc; } // expect: HPY700
