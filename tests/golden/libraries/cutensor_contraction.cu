// cuTENSOR 2.x: a contraction C = A * B planned and executed through a handle.
#include <cutensor.h>

void contract(const void *A, const void *B, void *C, cutensorTensorDescriptor_t descA,
              cutensorTensorDescriptor_t descB, cutensorTensorDescriptor_t descC,
              const int32_t *modeA, const int32_t *modeB, const int32_t *modeC, cudaStream_t stream) {
  cutensorHandle_t handle;
  cutensorCreate(&handle);
  cutensorOperationDescriptor_t desc;
  cutensorCreateContraction(handle, &desc, descA, modeA, CUTENSOR_OP_IDENTITY, descB, modeB,
                            CUTENSOR_OP_IDENTITY, descC, modeC, CUTENSOR_OP_IDENTITY, descC, modeC,
                            CUTENSOR_COMPUTE_DESC_32F);
  cutensorPlanPreference_t pref;
  cutensorCreatePlanPreference(handle, &pref, CUTENSOR_ALGO_DEFAULT, CUTENSOR_JIT_MODE_NONE);
  uint64_t workspaceSize = 0;
  cutensorEstimateWorkspaceSize(handle, desc, pref, CUTENSOR_WORKSPACE_DEFAULT, &workspaceSize);
  cutensorPlan_t plan;
  cutensorCreatePlan(handle, &plan, desc, pref, workspaceSize);
  float alpha = 1.0f, beta = 0.0f;
  cutensorContract(handle, plan, &alpha, A, B, &beta, C, C, nullptr, 0, stream);
  cutensorDestroyPlan(plan);
  cutensorDestroyPlanPreference(pref);
  cutensorDestroyOperationDescriptor(desc);
  cutensorDestroy(handle);
}
