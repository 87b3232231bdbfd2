#include <cuda_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffffffffffull, v, offset);
  return v;
}

__global__ void reduce(const float *in, float *out) {
  float v = warp_sum(in[threadIdx.x]);
  float first = __shfl_sync(0xffffffffffffffffull, v, 0);
  if (threadIdx.x == 0) *out = first;
}
