// Headers map to HIP headers, keeping <> or ""; later duplicates are dropped; unknown ones stay.
#include <hip/hip_runtime.h>
#include "hip/hip_runtime_api.h"
#include <hip/hip_fp16.h>
#include <hiprand/hiprand_kernel.h>
#include <cuda_egl_interop.h>  // expect: HPY200
#include <cuda/std/atomic>  // expect: HPY200
#include <vector>

__global__ void k(__half *x) { x[threadIdx.x] = __float2half(1.0f); }

int main() { return (int)hipDeviceSynchronize(); }
