// CUDA's umin()/umax() are device functions: calls are translated (HIP's min/max); a variable
// of the same name, and a file's own function of that name, are the user's.
#include <cuda_runtime.h>

__device__ unsigned clampIndex(unsigned i, unsigned lo, unsigned hi) {
  return umax(lo, umin(i, hi));
}

__global__ void ranges(const unsigned *in, unsigned *out) {
  unsigned umin = in[0], umax = in[1];
  out[threadIdx.x] = clampIndex(in[threadIdx.x + 2], umin, umax);
}
