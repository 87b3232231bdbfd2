// --hip-version 5.2: names HIP added later stay as they are and are reported; a header HIP
// ships only later stays too.
#include <hip/hip_runtime.h>
#include <cooperative_groups/reduce.h>  // expect: HPY150
#include <hiptensor/hiptensor.hpp>

__device__ float sum(float v) {
  return v + __shfl_down_sync(~0ull, v, 1);  // expect: HPY150
}

void stream_capture(hipStream_t s, hipGraph_t g) {
  cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0, hipStreamCaptureModeGlobal);  // expect: HPY150
}
