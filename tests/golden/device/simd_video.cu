// CUDA's SIMD video intrinsics, which no HIP declares: the calls stay and hipify_supplied.h
// supplies them on AMD (proven against CUDA's own on a GPU: tests/data/supplied_proofs.json);
// under HIP's NVIDIA platform they stay CUDA's.
#include <cuda_runtime.h>

__device__ unsigned distance(unsigned a, unsigned b) {
  unsigned diff = __vabsdiffu4(a, b);  // expect: HPY530
  return __vsadu4(a, b) + (diff & __vcmpne4(a, b));  // expect: HPY530
}

__global__ void saturate(unsigned* bytes, const unsigned* other, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    bytes[i] = __vsubss4(bytes[i], other[i]);  // expect: HPY530
    bytes[i] = __vmaxu2(bytes[i], distance(bytes[i], other[i]));  // expect: HPY530
    bytes[i] = (unsigned)__vimax3_s32((int)bytes[i], 0, (int)other[i]);  // expect: HPY530
  }
}
