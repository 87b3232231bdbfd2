// nvcc includes cuda_runtime.h implicitly: a file using CUDA without it gets hip_runtime.h
// before its first include.
#include <hip/hip_runtime.h>
#include <cstdio>  // expect: HPY202
#include <vector>

__global__ void k(int *x) { x[threadIdx.x] = 1; }

int main() {
  int *d;
  hipMalloc(&d, 128);
  hipLaunchKernelGGL(k, dim3(1), dim3(32), 0, 0, d);
  return (int)hipFree(d);
}
