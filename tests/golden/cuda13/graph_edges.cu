// CUDA 13 gave the graph edge functions an edge-data parameter before the count, which HIP's
// lack: the argument count tells the forms apart, whatever --cuda-version says (the cuda12
// variant gives the same output). A CUDA 13 call that passes no edge data (a null constant) is
// HIP's call without it; stream capture's queries and updates likewise.
#include <cuda.h>
#include <cuda_runtime.h>

void edges(cudaGraph_t graph, cudaGraphNode_t a, cudaGraphNode_t b, cudaStream_t stream,
           CUgraph driver_graph, CUgraphNode c, CUgraphNode d, CUstream driver_stream) {
  size_t count = 0;
  // CUDA 12
  cudaGraphAddDependencies(graph, &a, &b, 1);
  cudaGraphRemoveDependencies(graph, &a, &b, 1);
  cudaGraphAddDependencies(graph, &a, &b, 1);
  cudaGraphGetEdges(graph, nullptr, nullptr, &count);
  cudaGraphNodeGetDependencies(b, nullptr, &count);
  cudaGraphNodeGetDependentNodes(a, nullptr, &count);
  cuGraphAddDependencies(driver_graph, &c, &d, 1);
  cuGraphGetEdges(driver_graph, nullptr, nullptr, &count);
  // CUDA 13, no edge data
  cudaGraphRemoveDependencies(graph, &a, &b, nullptr, 1);
  cudaGraphAddDependencies(graph, &a, &b, NULL, 1);
  cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &count);
  cudaGraphNodeGetDependencies(b, nullptr, nullptr, &count);
  cudaGraphNodeGetDependentNodes(a, nullptr, nullptr, &count);
  cuGraphRemoveDependencies(driver_graph, &c, &d, nullptr, 1);
  cuGraphNodeGetDependencies(d, nullptr, nullptr, &count);

  cudaStreamCaptureStatus status;
  unsigned long long id = 0;
  const cudaGraphNode_t* deps = nullptr;
  // CUDA 12 (the query's six-parameter form), then CUDA 13 with no edge data
  cudaStreamGetCaptureInfo(stream, &status);
  cudaStreamGetCaptureInfo(stream, &status, &id);
  cudaStreamGetCaptureInfo(stream, &status, &id, &graph, &deps, &count);
  cudaStreamGetCaptureInfo(stream, &status, &id, &graph, &deps, nullptr);
  cudaStreamGetCaptureInfo(stream, &status, &id, &graph, &deps, nullptr, &count);
  cudaStreamUpdateCaptureDependencies(stream, &a, 1);
  cudaStreamUpdateCaptureDependencies(stream, &a, 1, cudaStreamSetCaptureDependencies);
  cudaStreamUpdateCaptureDependencies(stream, &a, nullptr, 1, cudaStreamAddCaptureDependencies);
  CUstreamCaptureStatus driver_status;
  const CUgraphNode* driver_deps = nullptr;
  cuStreamGetCaptureInfo(driver_stream, &driver_status, nullptr, &driver_graph, &driver_deps,
                         &count);
  cuStreamGetCaptureInfo(driver_stream, &driver_status, nullptr, &driver_graph, &driver_deps,
                         nullptr, &count);
  cuStreamUpdateCaptureDependencies(driver_stream, &c, 1, CU_STREAM_ADD_CAPTURE_DEPENDENCIES);
  cuStreamUpdateCaptureDependencies(driver_stream, &c, nullptr, 1,
                                    CU_STREAM_SET_CAPTURE_DEPENDENCIES);
}
