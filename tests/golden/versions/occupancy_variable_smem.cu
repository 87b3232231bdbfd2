// The occupancy calculator whose dynamic shared memory grows with the block came with HIP 5.5:
// for an older target (the hip52 variant) it is supplied, computed as HIP 5.5 and CUDA compute
// it (HPY530); a newer target has HIP's own.
#include <algorithm>

template <typename F>
__global__ void apply(size_t n, F f) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) f(i);
}

struct Scale {
  float *x;
  __device__ void operator()(size_t i) const { x[i] *= 2.0f; }
};

static size_t staging(int threads) { return threads * sizeof(float); }

int block_for(size_t n, float *x) {
  int grid = 0, block = 0, grid2 = 0, block2 = 0;
  cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, apply<Scale>, staging, 0); // expect[hip52]: HPY530
  cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(&grid2, &block2, apply<Scale>, staging, 512, cudaOccupancyDefault); // expect[hip52]: HPY530
  apply<<<grid, std::min(block, block2), staging(block)>>>(n, Scale{x});
  return grid2;
}
