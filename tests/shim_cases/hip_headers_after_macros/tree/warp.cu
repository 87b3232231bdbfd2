#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void combine(const __nv_bfloat16 *in, __half *h, float *out, int *counts) {
  unsigned full = 0xffffffff;
  int all = -1;
  float v = __bfloat162float(in[threadIdx.x]);
  v += __shfl_xor_sync(0xffffffff, v, 1); // expect: HPY401
  v += __shfl_up_sync(full, v, 1, 16);
  v += __shfl_down_sync(all, v, 2);
  __nv_bfloat16 b = __shfl_xor_sync(0xffffffff, in[threadIdx.x], 2); // expect: HPY401
  __half hv = __shfl_sync(full, h[threadIdx.x], 0);
  unsigned long long ballot = __ballot_sync(full, v > 0.0f);
  counts[0] = __reduce_add_sync(full, counts[threadIdx.x]) + __any_sync(full, v > 1.0f)
              + __all_sync(full, v > 2.0f) + __popcll(ballot);
  counts[1] = __reduce_or_sync(full, (unsigned)counts[1]);
  counts[2] = (int)__match_any_sync(full, counts[2]);
  __syncwarp(full);
  out[threadIdx.x] = v + __bfloat162float(b) + __half2float(hv);
}
