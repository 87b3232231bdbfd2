#include <cuda_runtime.h>

using HostAllocator = cudaError_t (*)(void **, size_t, unsigned int);

static bool failed(cudaError_t status, const char *what) { return status != cudaSuccess && what; }

float *pinned(size_t n) {
  float *p = nullptr;
  cudaHostAlloc(&p, n * sizeof(float), cudaHostAllocDefault);
  // A name inside a string literal is text, not a use of the function (issue 30, point 3).
  if (failed(cudaMallocHost(&p, n), "cudaMallocHost")) return nullptr;
  return p;
}

HostAllocator allocator() { return cudaHostAlloc; } // expect: HPY700
