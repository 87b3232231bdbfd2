// atomicAdd on a bfloat16: no HIP declares it, and ours could not name HIP's type before HIP
// 5.7, so the calls are reported; a float's atomicAdd beside them is HIP's own.
#include <cuda_bf16.h>

__global__ void accumulate(__nv_bfloat16* sums, const __nv_bfloat16* values,
                           __nv_bfloat162* pairs, float* totals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&sums[i % 8], values[i]);  // expect: HPY103
  atomicAdd(pairs, __nv_bfloat162());  // expect: HPY103
  atomicAdd(totals, 1.0f);
}
