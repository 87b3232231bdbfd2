// cuTENSOR 2.x: a contraction C = A * B planned and executed through a handle.
#include <hip/hip_runtime.h>
#include <hiptensor/hiptensor.hpp>

void contract(const void *A, const void *B, void *C, hiptensorTensorDescriptor_t descA,
              hiptensorTensorDescriptor_t descB, hiptensorTensorDescriptor_t descC,
              const int32_t *modeA, const int32_t *modeB, const int32_t *modeC, hipStream_t stream) {
  hiptensorHandle_t handle;
  hiptensorCreate(&handle);
  hiptensorOperationDescriptor_t desc;
  hiptensorCreateContraction(handle, &desc, descA, modeA, HIPTENSOR_OP_IDENTITY, descB, modeB,
                            HIPTENSOR_OP_IDENTITY, descC, modeC, HIPTENSOR_OP_IDENTITY, descC, modeC,
                            HIPTENSOR_COMPUTE_DESC_32F);
  hiptensorPlanPreference_t pref;
  hiptensorCreatePlanPreference(handle, &pref, HIPTENSOR_ALGO_DEFAULT, HIPTENSOR_JIT_MODE_NONE);
  uint64_t workspaceSize = 0;
  hiptensorEstimateWorkspaceSize(handle, desc, pref, HIPTENSOR_WORKSPACE_DEFAULT, &workspaceSize);
  hiptensorPlan_t plan;
  hiptensorCreatePlan(handle, &plan, desc, pref, workspaceSize);
  float alpha = 1.0f, beta = 0.0f;
  hiptensorContract(handle, plan, &alpha, A, B, &beta, C, C, nullptr, 0, stream);
  hiptensorDestroyPlan(plan);
  hiptensorDestroyPlanPreference(pref);
  hiptensorDestroyOperationDescriptor(desc);
  hiptensorDestroy(handle);
}
