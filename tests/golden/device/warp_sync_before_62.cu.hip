// HIP before 6.2 lacks the *_sync warp intrinsics: the calls fall back to the mask-less ones
// and each dropped mask is reported; __activemask() becomes __ballot(1).
#include <hip/hip_runtime.h>
__device__ float reduce(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);  // expect: HPY160
  return v;
}

__device__ int vote(int pred, float x) {
  unsigned long long active = __ballot(1);
  int any = __any(pred);  // expect: HPY160
  unsigned long long ballot = __ballot(pred);  // expect: HPY160
  float first = __shfl(x, 0);  // expect: HPY160
  float up = __shfl_up(x, 1, 16);  // expect: HPY160
  float butterfly = __shfl_xor(x, 1);  // expect: HPY160
  return any + (int)ballot + (int)(first + up + butterfly) + __all(pred);  // expect: HPY160
}

// A 32-bit full mask goes with the rest: the mask-less shuffle spans the whole wavefront, so
// there is no "lanes 32-63 left out" (HPY401) to report, only the dropped mask.
__device__ float broadcast(float x) {
  return __shfl(x, 0);  // expect: HPY160
}
