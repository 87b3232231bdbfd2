// --hip-version 5.2: names HIP added later stay as CUDA names and are reported.
#include <hip/hip_runtime.h>
#include <cuda_bf16.h>  // expect: HPY150

int main() {
  void *p = nullptr;
  hipStream_t s;
  hipStreamCreate(&s);
  hipMallocAsync(&p, 1024, s);  // HIP 5.2.0 has it
  cudaDeviceSetLimit(cudaLimitStackSize, 4096);  // expect: HPY150
  hipEvent_t e;
  hipEventCreate(&e);
  cudaEventRecordWithFlags(e, s, 0);  // expect: HPY150
  hipFreeAsync(p, s);
  return 0;
}
