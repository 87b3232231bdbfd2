// Runtime and driver APIs with no HIP equivalent are left and reported.
#include <hip/hip_runtime.h>

int main() {
  cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,  // expect: HPY101, HPY101
                                     cudaFlushGPUDirectRDMAWritesToOwner);  // expect: HPY101
  hipCtx_t ctx;
  cuCtxGetExecAffinity(nullptr, CU_EXEC_AFFINITY_TYPE_SM_COUNT);  // expect: HPY102, HPY102
  return 0;
}

void compressible(hipMemAllocationProp* prop) {
  prop->allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC;  // expect: HPY102
}
