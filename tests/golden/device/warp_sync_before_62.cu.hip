// HIP before 6.2 lacks the *_sync warp intrinsics: the calls stay as written, mask and all,
// and hipify_supplied.h supplies them on AMD (a note on each use); on NVIDIA they stay CUDA's.
// (Dropping the mask, as we once did, made a partial-warp shuffle hang under HIP's NVIDIA layer.)
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
__device__ float reduce(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(__activemask(), v, offset);  // expect: HPY530
  return v;
}

__device__ int vote(int pred, float x) {
  unsigned long long active = __activemask();  // expect: HPY530
  int any = __any_sync(active, pred);  // expect: HPY530
  unsigned long long ballot = __ballot_sync(~0ull, pred);  // expect: HPY530
  float first = __shfl_sync(~0ull, x, 0);  // expect: HPY530
  float up = __shfl_up_sync(~0ull, x, 1, 16);  // expect: HPY530
  float butterfly = __shfl_xor_sync(~0ull, x, 1);  // expect: HPY530
  return any + (int)ballot + (int)(first + up + butterfly) + __all_sync(active, pred);  // expect: HPY530
}

// A 32-bit full mask is the whole wavefront to the supplied intrinsics, so there is no "lanes
// 32-63 left out" (HPY401) to report.
__device__ float broadcast(float x) {
  return __shfl_sync(0xffffffff, x, 0);  // expect: HPY530
}

// A scan over part of a warp: the mask must survive (on NVIDIA a full-warp shuffle would wait
// for lanes that never come).
__device__ float partial_scan(float v, int lane) {
  if (lane < 16) {
    unsigned mask = __ballot_sync(0xffffffff, lane < 16);  // expect: HPY530, HPY402
    v += __shfl_up_sync(mask, v, 1);  // expect: HPY530
  }
  __syncwarp();  // expect: HPY530
  return v;
}
