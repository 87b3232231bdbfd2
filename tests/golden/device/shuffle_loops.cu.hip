// Shuffle reductions that start at offset 16 reduce only 32 lanes of a 64-lane wavefront.
#include <hip/hip_runtime.h>
__device__ float reduce_loop(float v) {
  for (int offset = 16; offset > 0; offset /= 2)  // expect: HPY404
    v += __shfl_down_sync(~0ull, v, offset);
  return v;
}

__device__ float reduce_shift(float v) {
  for (int i = 16; i >= 1; i >>= 1) {  // expect: HPY404
    v = max(v, __shfl_xor_sync(~0ull, v, i));
  }
  return v;
}

__device__ float reduce_unrolled(float v) {
  v += __shfl_down_sync(~0ull, v, 16);  // expect: HPY404
  v += __shfl_down_sync(~0ull, v, 8);
  v += __shfl_down_sync(~0ull, v, 4);
  v += __shfl_down_sync(~0ull, v, 2);
  v += __shfl_down_sync(~0ull, v, 1);
  return v;
}

// Not flagged: loops from warpSize / 2, and a loop from 16 that does not shuffle.
__device__ float reduce_portable(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(~0ull, v, offset);
  return v;
}

__device__ float halve(float *tile) {
  for (int stride = 16; stride > 0; stride /= 2) tile[threadIdx.x] += tile[threadIdx.x + stride];
  return tile[0];
}
