/* The file includes the runtime itself, but after its own macro: in CUDA that include was a
   no-op (nvcc's implicit one came first); renamed in place it would see `T`. */
#define T float
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(T *p, T v) { p[blockIdx.x] = v; }

int main() {
  T *p = nullptr;
  cudaMalloc(&p, 4 * sizeof(T));
  fill<<<4, 1>>>(p, T(1));
  cudaFree(p);
  return 0;
}
