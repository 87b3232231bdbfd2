// Headers map to HIP headers, keeping <> or ""; later duplicates are dropped; unknown ones stay.
#include <cuda_runtime.h>
#include "cuda_runtime_api.h"
#include <cuda.h>
#include <device_launch_parameters.h>  // expect: HPY201
#include <cuda_fp16.h>
#include <curand_kernel.h>
#include <cuda_egl_interop.h>  // expect: HPY200
#include <nvToolsExt.h>  // expect: HPY201
#include <cuda/std/atomic>  // expect: HPY200
#include <vector>

__global__ void k(__half *x) { x[threadIdx.x] = __float2half(1.0f); }

int main() { return (int)cudaDeviceSynchronize(); }
