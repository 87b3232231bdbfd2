#include <cuda_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffffffffffull, v, offset);
  return v;
}

__global__ void reduce(const float *in, float *out) {
  float v = warp_sum(in[threadIdx.x]);
  float first = __shfl_sync(0xffffffffffffffffull, v, 0);
  // CUDA's 32-bit full mask: HIP 7.2 static_asserts a 64-bit one; the macro converts it,
  // keeping its value, so lanes 32-63 stay out (reported).
  first += __shfl_sync(0xffffffff, v, 1); // expect: HPY401
  if (threadIdx.x == 0) *out = first;
}
