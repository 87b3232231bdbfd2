// __float2bfloat16_rn is CUDA's __float2bfloat16 (round to nearest even); no HIP up to 7.2
// declares the _rn name, but HIP's __float2bfloat16 (5.7 on) rounds the same way.
#include <cuda_bf16.h>

__global__ void to_bf16(__nv_bfloat16* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = __float2bfloat16_rn(in[i] * 0.5f);
  }
}
