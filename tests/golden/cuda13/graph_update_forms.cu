// CUDA 12 gave graph update one result argument; HIP has only CUDA 11's two: the 3-argument
// form is reported, the 4-argument form maps.
#include <cuda_runtime.h>
void update(cudaGraphExec_t exec, cudaGraph_t graph) {
  cudaGraphExecUpdateResultInfo info;  // expect: HPY101
  cudaGraphExecUpdate(exec, graph, &info);  // expect: HPY155
  cudaGraphNode_t error_node;
  cudaGraphExecUpdateResult result;
  cudaGraphExecUpdate(exec, graph, &error_node, &result);
}
