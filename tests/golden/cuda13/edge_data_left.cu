// CUDA 13 forms HIP has no function of: edge data that is not a null constant, the batch
// copies without failIdx (HIP's still take it). Each is left as it is and reported; so is a
// call whose argument count is neither release's.
#include <cuda_runtime.h>

void left(cudaGraph_t graph, cudaGraphNode_t a, cudaGraphNode_t b, cudaStream_t stream,
          const cudaGraphEdgeData* data, void** dsts, void** srcs, size_t* sizes,
          cudaMemcpyAttributes* attrs, size_t* indices) {
  cudaGraphAddDependencies(graph, &a, &b, data, 1);  // expect: HPY155
  cudaStreamCaptureStatus status;
  const cudaGraphNode_t* deps = nullptr;
  const cudaGraphEdgeData* edges = nullptr;
  size_t count = 0;
  cudaStreamGetCaptureInfo(stream, &status, nullptr, nullptr, &deps, &edges, &count);  // expect: HPY155
  cudaStreamGetCaptureInfo(stream, &status, nullptr, nullptr, &deps, &edges);  // expect: HPY155
  cudaStreamUpdateCaptureDependencies(stream, &a, data, 1);  // expect: HPY155
  cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, indices, 1, stream);  // expect: HPY155
  size_t failed = 0;
  cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, indices, 1, &failed, stream);
  cudaGraphAddDependencies(graph, &a, &b);  // expect: HPY155
}
