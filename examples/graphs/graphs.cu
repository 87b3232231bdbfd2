// graphs: the same work recorded by stream capture and built node by node, then replayed.
#include <cstdio>

#include "../common/helper_cuda.h"

__global__ void addOne(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1.0f;
}

int main() {
  const int n = 1 << 16;
  float *d_data;
  checkCudaErrors(cudaMalloc(&d_data, n * sizeof(float)));
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreate(&stream));

  // 1. Stream capture.
  cudaGraph_t captured;
  checkCudaErrors(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  checkCudaErrors(cudaMemsetAsync(d_data, 0, n * sizeof(float), stream));
  for (int k = 0; k < 3; ++k) addOne<<<(n + 255) / 256, 256, 0, stream>>>(d_data, n);
  checkCudaErrors(cudaStreamEndCapture(stream, &captured));
  cudaGraphExec_t capturedExec;
  checkCudaErrors(cudaGraphInstantiate(&capturedExec, captured, nullptr, nullptr, 0));
  checkCudaErrors(cudaGraphLaunch(capturedExec, stream));

  // 2. Explicit construction: memset node, then a kernel node that depends on it.
  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaMemsetParams memsetParams = {};
  memsetParams.dst = d_data;
  memsetParams.value = 0;
  memsetParams.elementSize = sizeof(float);
  memsetParams.width = n;
  memsetParams.height = 1;
  cudaGraphNode_t memsetNode, kernelNode;
  checkCudaErrors(cudaGraphAddMemsetNode(&memsetNode, graph, nullptr, 0, &memsetParams));
  int count = n;
  void *kernelArgs[] = {&d_data, &count};
  cudaKernelNodeParams kernelParams = {};
  kernelParams.func = reinterpret_cast<void *>(addOne);
  kernelParams.gridDim = dim3((n + 255) / 256);
  kernelParams.blockDim = dim3(256);
  kernelParams.sharedMemBytes = 0;
  kernelParams.kernelParams = kernelArgs;
  kernelParams.extra = nullptr;
  checkCudaErrors(cudaGraphAddKernelNode(&kernelNode, graph, &memsetNode, 1, &kernelParams));
  size_t numNodes = 0;
  checkCudaErrors(cudaGraphGetNodes(graph, nullptr, &numNodes));
  cudaGraphExec_t graphExec;
  checkCudaErrors(cudaGraphInstantiate(&graphExec, graph, nullptr, nullptr, 0));
  for (int replay = 0; replay < 5; ++replay) checkCudaErrors(cudaGraphLaunch(graphExec, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  printf("graph with %zu nodes replayed\n", numNodes);

  checkCudaErrors(cudaGraphExecDestroy(graphExec));
  checkCudaErrors(cudaGraphExecDestroy(capturedExec));
  checkCudaErrors(cudaGraphDestroy(graph));
  checkCudaErrors(cudaGraphDestroy(captured));
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(d_data));
  return 0;
}
