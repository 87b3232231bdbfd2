// hipGetDriverEntryPoint (HIP 7.1) has CUDA's signature: the call keeps its arguments.
#include <hip/hip_runtime.h>

void *entry_point(const char *symbol) {
  void *fn = nullptr;
  hipDriverEntryPointQueryResult status;  // expect[hip52]: HPY150
  hipGetDriverEntryPoint(symbol, &fn, hipEnableDefault, &status);  // expect[hip52]: HPY150
  return status == hipDriverEntryPointSuccess ? fn : nullptr;  // expect[hip52]: HPY150
}
