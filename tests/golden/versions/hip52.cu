// --hip-version 5.2: names HIP added later stay as CUDA names and are reported.
#include <cuda_runtime.h>
#include <cuda_bf16.h>  // expect: HPY150

int main() {
  void *p = nullptr;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMallocAsync(&p, 1024, s);  // HIP 5.2.0 has it
  cudaDeviceSetLimit(cudaLimitStackSize, 4096);  // expect: HPY150
  cudaEvent_t e;
  cudaEventCreate(&e);
  cudaEventRecordWithFlags(e, s, 0);  // expect: HPY150
  cudaFreeAsync(p, s);
  return 0;
}
