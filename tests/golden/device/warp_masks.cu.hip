// 32-bit full masks passed to *_sync warp functions leave lanes 32-63 out on AMD.
#include <hip/hip_runtime.h>
#define FULL_MASK 0xffffffff
#define WIDE_MASK 0xffffffffffffffffull
const unsigned kAll = 0xFFFFFFFFu;

__device__ float sum_warp(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffffffffffull, v, offset);  // expect: HPY401
  return v;
}

__device__ int votes(int pred, float x) {
  int any = __any_sync(static_cast<unsigned long long>(FULL_MASK), pred);  // expect: HPY401
  int all = __all_sync(0xffffffffffffffffull, pred);  // expect: HPY401
  float y = __shfl_xor_sync(static_cast<unsigned long long>(kAll), x, 1);  // expect: HPY401
  __syncwarp(0xffffffffffffffffull);  // expect: HPY401
  // Not flagged: 64-bit masks, the active mask, and masks of unknown value.
  float z = __shfl_sync(static_cast<unsigned long long>(WIDE_MASK), x, 0);
  float w = __shfl_sync(~0ull, x, 0);
  float u = __shfl_sync(__activemask(), x, 0);
  unsigned long long m = __activemask();
  float t = __shfl_sync(static_cast<unsigned long long>(m), x, 0);
  __syncwarp();
  return any + all + (int)(y + z + w + u + t);
}
