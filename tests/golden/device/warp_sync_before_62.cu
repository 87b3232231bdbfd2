// HIP before 6.2 lacks the *_sync warp intrinsics: the calls fall back to the mask-less ones
// and each dropped mask is reported; __activemask() becomes __ballot(1).
__device__ float reduce(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(__activemask(), v, offset);  // expect: HPY160
  return v;
}

__device__ int vote(int pred, float x) {
  unsigned long long active = __activemask();
  int any = __any_sync(active, pred);  // expect: HPY160
  unsigned long long ballot = __ballot_sync(~0ull, pred);  // expect: HPY160
  float first = __shfl_sync(~0ull, x, 0);  // expect: HPY160
  float up = __shfl_up_sync(~0ull, x, 1, 16);  // expect: HPY160
  float butterfly = __shfl_xor_sync(~0ull, x, 1);  // expect: HPY160
  return any + (int)ballot + (int)(first + up + butterfly) + __all_sync(active, pred);  // expect: HPY160
}

// A 32-bit full mask goes with the rest: the mask-less shuffle spans the whole wavefront, so
// there is no "lanes 32-63 left out" (HPY401) to report, only the dropped mask.
__device__ float broadcast(float x) {
  return __shfl_sync(0xffffffff, x, 0);  // expect: HPY160
}
