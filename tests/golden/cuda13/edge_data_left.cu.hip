// CUDA 13 forms HIP has no function of: edge data that is not a null constant, the batch
// copies without failIdx (HIP's still take it). Each is left as it is and reported; so is a
// call whose argument count is neither release's.
#include <hip/hip_runtime.h>

void left(hipGraph_t graph, hipGraphNode_t a, hipGraphNode_t b, hipStream_t stream,
          const hipGraphEdgeData* data, void** dsts, void** srcs, size_t* sizes,
          hipMemcpyAttributes* attrs, size_t* indices) {
  cudaGraphAddDependencies(graph, &a, &b, data, 1);  // expect: HPY155
  hipStreamCaptureStatus status;
  const hipGraphNode_t* deps = nullptr;
  const hipGraphEdgeData* edges = nullptr;
  size_t count = 0;
  cudaStreamGetCaptureInfo(stream, &status, nullptr, nullptr, &deps, &edges, &count);  // expect: HPY155
  cudaStreamGetCaptureInfo(stream, &status, nullptr, nullptr, &deps, &edges);  // expect: HPY155
  cudaStreamUpdateCaptureDependencies(stream, &a, data, 1);  // expect: HPY155
  cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, indices, 1, stream);  // expect: HPY155
  size_t failed = 0;
  hipMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, indices, 1, &failed, stream);
  cudaGraphAddDependencies(graph, &a, &b);  // expect: HPY155
}
