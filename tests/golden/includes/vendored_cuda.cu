// "vendors/cuda.h" is the project's own header (kept); inside it, <cuda.h> is CUDA's.
#include "vendors/cuda.h"

__global__ void halve(__half *x) { x[threadIdx.x] = __hmul(x[threadIdx.x], __float2half(0.5f)); }

int main() {
  __half *x;
  cudaMalloc(&x, 64 * sizeof(__half));
  halve<<<1, 64>>>(x);
  cudaFree(x);
  return vendor_device_count() > 0 ? 0 : 1;
}
