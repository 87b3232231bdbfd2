// --hip-version 5.2: names HIP added later stay as CUDA names and are reported.
#include <cuda_runtime.h>

int main() {
  void *p = nullptr;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocAsync(&p, 1024, s);
  cudaFreeAsync(p, s);
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  return 0;
}
