// hipGetDriverEntryPoint (HIP 7.1) has CUDA's signature: the call keeps its arguments.
#include <hip/hip_runtime.h>

void *entry_point(const char *symbol) {
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult status;  // expect[hip52]: HPY150
  cudaGetDriverEntryPoint(symbol, &fn, cudaEnableDefault, &status);  // expect[hip52]: HPY150
  return status == cudaDriverEntryPointSuccess ? fn : nullptr;  // expect[hip52]: HPY150
}
