// CUDA 13 gave the graph edge functions an edge-data parameter before the count, which HIP's
// lack: the argument count tells the forms apart, whatever --cuda-version says (the cuda12
// variant gives the same output). A CUDA 13 call that passes no edge data (a null constant) is
// HIP's call without it; stream capture's queries and updates likewise.
#include <hip/hip_runtime.h>

void edges(hipGraph_t graph, hipGraphNode_t a, hipGraphNode_t b, hipStream_t stream,
           hipGraph_t driver_graph, hipGraphNode_t c, hipGraphNode_t d, hipStream_t driver_stream) {
  size_t count = 0;
  // CUDA 12
  hipGraphAddDependencies(graph, &a, &b, 1);
  hipGraphRemoveDependencies(graph, &a, &b, 1);
  hipGraphAddDependencies(graph, &a, &b, 1);
  hipGraphGetEdges(graph, nullptr, nullptr, &count);
  hipGraphNodeGetDependencies(b, nullptr, &count);
  hipGraphNodeGetDependentNodes(a, nullptr, &count);
  hipGraphAddDependencies(driver_graph, &c, &d, 1);
  hipGraphGetEdges(driver_graph, nullptr, nullptr, &count);
  // CUDA 13, no edge data
  hipGraphRemoveDependencies(graph, &a, &b, 1);
  hipGraphAddDependencies(graph, &a, &b, 1);
  hipGraphGetEdges(graph, nullptr, nullptr, &count);
  hipGraphNodeGetDependencies(b, nullptr, &count);
  hipGraphNodeGetDependentNodes(a, nullptr, &count);
  hipGraphRemoveDependencies(driver_graph, &c, &d, 1);
  hipGraphNodeGetDependencies(d, nullptr, &count);

  hipStreamCaptureStatus status;
  unsigned long long id = 0;
  const hipGraphNode_t* deps = nullptr;
  // CUDA 12 (the query's six-parameter form), then CUDA 13 with no edge data
  hipStreamGetCaptureInfo_v2(stream, &status);
  hipStreamGetCaptureInfo(stream, &status, &id);
  hipStreamGetCaptureInfo_v2(stream, &status, &id, &graph, &deps, &count);
  hipStreamGetCaptureInfo_v2(stream, &status, &id, &graph, &deps, nullptr);
  hipStreamGetCaptureInfo_v2(stream, &status, &id, &graph, &deps, &count);
  hipStreamUpdateCaptureDependencies(stream, &a, 1);
  hipStreamUpdateCaptureDependencies(stream, &a, 1, hipStreamSetCaptureDependencies);
  hipStreamUpdateCaptureDependencies(stream, &a, 1, hipStreamAddCaptureDependencies);
  hipStreamCaptureStatus driver_status;
  const hipGraphNode_t* driver_deps = nullptr;
  hipStreamGetCaptureInfo_v2(driver_stream, &driver_status, nullptr, &driver_graph, &driver_deps,
                         &count);
  hipStreamGetCaptureInfo_v2(driver_stream, &driver_status, nullptr, &driver_graph, &driver_deps,
                         &count);
  hipStreamUpdateCaptureDependencies(driver_stream, &c, 1, hipStreamAddCaptureDependencies);
  hipStreamUpdateCaptureDependencies(driver_stream, &c, 1,
                                    hipStreamSetCaptureDependencies);
}
