// Shared arrays with one entry per warp, sized for 32-lane warps.
#include <hip/hip_runtime.h>
__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[32];  // expect: HPY405
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(~0ull, v, offset);
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0;
    for (int w = 0; w < blockDim.x / warpSize; ++w) total += partial[w];
    out[blockIdx.x] = total;
  }
}

// Not flagged: a 2-D tile in a transpose (no per-warp work), and a 64-entry array.
__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
}

__global__ void block_sum64(const float *in, float *out) {
  __shared__ float partial[64];
  float v = __shfl_down_sync(~0ull, in[threadIdx.x], 1);
  partial[threadIdx.x % 64] = v;
  out[0] = partial[0];
}
