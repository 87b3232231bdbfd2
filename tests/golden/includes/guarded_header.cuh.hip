#ifndef KERNELS_CUH
#define KERNELS_CUH
#include <hip/hip_runtime.h>
// A header that relies on the includer's implicit cuda_runtime.h: hip_runtime.h goes
// after the include guard.
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ inline int lane_sum(int v) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  return tile.shfl_down(v, 1) + v;
}

#endif  // KERNELS_CUH
