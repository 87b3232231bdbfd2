// constant_memory: a 1-D convolution whose filter lives in __constant__ memory.
#include <cstdio>
#include <vector>

#include "../common/helper_cuda.h"

#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

__constant__ float c_Kernel[KERNEL_LENGTH];

__global__ void convolutionRows(float *d_Dst, const float *d_Src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0;
  for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++) {
    int j = min(max(i + k, 0), n - 1);
    sum += d_Src[j] * c_Kernel[KERNEL_RADIUS - k];
  }
  d_Dst[i] = sum;
}

int main() {
  std::vector<float> h_Kernel(KERNEL_LENGTH, 1.0f / KERNEL_LENGTH);
  checkCudaErrors(cudaMemcpyToSymbol(c_Kernel, h_Kernel.data(), KERNEL_LENGTH * sizeof(float)));
  float taps[KERNEL_LENGTH];
  checkCudaErrors(cudaMemcpyFromSymbol(taps, c_Kernel, sizeof(taps)));
  const int n = 1 << 16;
  float *d_Src, *d_Dst;
  checkCudaErrors(cudaMalloc(&d_Src, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_Dst, n * sizeof(float)));
  checkCudaErrors(cudaMemset(d_Src, 0, n * sizeof(float)));
  convolutionRows<<<(n + 127) / 128, 128>>>(d_Dst, d_Src, n);
  getLastCudaError("convolutionRows failed");
  void *symbol_address = nullptr;
  checkCudaErrors(cudaGetSymbolAddress(&symbol_address, c_Kernel));
  printf("filter at %p, first tap %.4f\n", symbol_address, taps[0]);
  cudaFree(d_Src);
  cudaFree(d_Dst);
  return 0;
}
