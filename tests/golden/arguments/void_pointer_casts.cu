// HIP declares hipHostAlloc and hipHostGetDevicePointer with void ** only (CUDA adds T **
// templates): a typed pointer's address gets a cast, a void * pointer's address needs none.
#include <cuda_runtime.h>

void *global_buffer;
float *global_floats;

void parameters(void *p, float *q, size_t n) {
  cudaHostAlloc(&p, n, 0);
  cudaHostAlloc(&q, n, 0);
}

struct Buffers {
  void *ptr;
};

void locals(Buffers &b, size_t n) {
  void *host = nullptr;
  float *dev = nullptr;
  cudaHostAlloc(&host, n, cudaHostAllocMapped);
  cudaHostGetDevicePointer(&dev, host, 0);
  cudaHostGetDevicePointer(&host, host, 0);
  cudaHostAlloc(&global_buffer, n, 0);
  cudaHostAlloc(&global_floats, n, 0);
  cudaHostAlloc(&b.ptr, n, 0);  // not a plain name: the cast stays
  {
    float *host = nullptr;  // shadows the void * above
    cudaHostAlloc(&host, n, 0);
  }
}
