// inline_ptx: PTX assembly in device code. Reported (HPY300); it cannot be compiled for AMD.
#include <cstdio>

#include "../common/helper_cuda.h"

__device__ __forceinline__ unsigned int laneId() {
  unsigned int ret;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(ret));
  return ret;
}

__device__ __forceinline__ float fastAdd(float a, float b) {
  float r;
  asm("add.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}

__global__ void lanes(unsigned int *out, float *sum) {
  out[threadIdx.x] = laneId();
  sum[threadIdx.x] = fastAdd(sum[threadIdx.x], 1.0f);
}

int main() {
  unsigned int *d_out;
  float *d_sum;
  checkCudaErrors(cudaMalloc(&d_out, 64 * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc(&d_sum, 64 * sizeof(float)));
  lanes<<<1, 64>>>(d_out, d_sum);
  checkCudaErrors(cudaDeviceSynchronize());
  cudaFree(d_out);
  cudaFree(d_sum);
  return 0;
}
