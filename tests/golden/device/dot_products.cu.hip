// Integer dot-product intrinsics have no HIP counterpart under their CUDA names: reported.
#include <hip/hip_runtime.h>

__global__ void dots(const int* a, const int* b, int* out) {
  out[threadIdx.x] = __dp4a(a[threadIdx.x], b[threadIdx.x], 0);  // expect: HPY103
}
