// CUDA 12 gave graph update one result argument; HIP has only CUDA 11's two: the 3-argument
// form is reported, the 4-argument form maps.
#include <hip/hip_runtime.h>
void update(hipGraphExec_t exec, hipGraph_t graph) {
  cudaGraphExecUpdateResultInfo info;  // expect: HPY101
  cudaGraphExecUpdate(exec, graph, &info);  // expect: HPY155
  hipGraphNode_t error_node;
  hipGraphExecUpdateResult result;
  hipGraphExecUpdate(exec, graph, &error_node, &result);
}
