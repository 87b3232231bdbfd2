// --hip-version 5.2: names HIP added later stay as they are and are reported (the warp *_sync
// calls fall back to the mask-less intrinsics instead, reported HPY160); a header HIP
// ships only later stays too.
#include <hip/hip_runtime.h>
#include <cuda_bf16.h>  // expect: HPY150
#include <cooperative_groups/reduce.h>  // expect: HPY200
#include <hiptensor/hiptensor.hpp>

__device__ float sum(float v) {
  return v + __shfl_down(v, 1);  // expect: HPY160
}

void stream_capture(hipStream_t s, hipGraph_t g) {
  cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0, hipStreamCaptureModeGlobal);  // expect: HPY150
}
