// --hip-version 5.2: names HIP added later stay as they are and are reported (those hipify-py
// supplies, such as the warp *_sync intrinsics, are noted, HPY530); a header HIP ships only
// later stays too.
#include <cuda_bf16.h>  // expect: HPY150
#include <cooperative_groups/reduce.h>  // expect: HPY200
#include <cutensor.h>

__device__ float sum(float v) {
  return v + __shfl_down_sync(~0ull, v, 1);  // expect: HPY530
}

void stream_capture(cudaStream_t s, cudaGraph_t g) {
  cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0, cudaStreamCaptureModeGlobal);  // expect: HPY150
}
