// Argument rules: HIP_SYMBOL around symbols, casts around kernel pointers, added flags, overloads.
#include <cuda_runtime.h>

__constant__ float coeffs[16];
__device__ int counter;

__global__ void kern(float *x) { x[threadIdx.x] *= coeffs[threadIdx.x % 16]; }

void setup(const float *h, float *d) {
  cudaMemcpyToSymbol(coeffs, h, sizeof(float) * 16);
  cudaMemcpyToSymbolAsync(coeffs, h, sizeof(float) * 16, 0, cudaMemcpyHostToDevice, 0);
  int value = 0;
  cudaMemcpyFromSymbol(&value, counter, sizeof(int));
  void *addr = nullptr;
  cudaGetSymbolAddress(&addr, counter);
  cudaFuncSetCacheConfig(kern, cudaFuncCachePreferL1);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, kern);
  float *pinned = nullptr;
  cudaMallocHost(&pinned, 1024);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b, cudaEventDisableTiming);
  cudaFreeHost(pinned);
}
