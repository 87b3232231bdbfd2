// A warp-size constant of 32 in a branch that tests AMD's wavefront size is the author's
// wave32 case, not a 32-lane assumption: not reported. Elsewhere, the #else of such a test
// included, a 32 is.
#include <hip/hip_runtime.h>
#if defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 32
#define TILE_WARP_SIZE 32
#elif defined(__AMDGCN_WAVEFRONT_SIZE__)
#if __AMDGCN_WAVEFRONT_SIZE__ == 32
static constexpr int kGroupWarpSize = 32;
#else
static constexpr int kGroupWarpSize = 64;
#endif
#else
#define TILE_WARP_SIZE 32  // expect: HPY403
#endif

#ifndef __AMDGCN_WAVEFRONT_SIZE
constexpr int kHostWarpSize = 32;  // expect: HPY403
#endif

__global__ void fill(int *out) { out[threadIdx.x] = TILE_WARP_SIZE; }
