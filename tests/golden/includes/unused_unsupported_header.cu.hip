// mma.h has no HIP equivalent. A translation unit that uses nothing it declares (no nvcuda,
// no wmma) included it for nothing: the include is dropped, not left to fail.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void scale(float* x, float a) { x[threadIdx.x] *= a; }
