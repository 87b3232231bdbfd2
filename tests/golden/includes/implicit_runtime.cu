// nvcc includes cuda_runtime.h implicitly: a file using CUDA without it gets hip_runtime.h
// before its first include.
#include <cstdio>  // expect: HPY202
#include <vector>

__global__ void k(int *x) { x[threadIdx.x] = 1; }

int main() {
  int *d;
  cudaMalloc(&d, 128);
  k<<<1, 32>>>(d);
  return (int)cudaFree(d);
}
