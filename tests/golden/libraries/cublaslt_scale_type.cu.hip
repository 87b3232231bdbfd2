// cuBLASLt's scale type set again after cublasLtMatmulDescCreate (as llm.c does): hipBLASLt takes
// it only at creation and has no such attribute. Where the value is the one the descriptor was
// created with, the call changes nothing and becomes HIPBLAS_STATUS_SUCCESS; otherwise it stays,
// reported on its line.
#include <hip/hip_runtime.h>
#include <hipblaslt/hipblaslt.h>
#include <cstdio>

#define CHECK(call) do { if ((call) != HIPBLAS_STATUS_SUCCESS) std::printf("cublasLt error\n"); } while (0)

void matmul(hipblasComputeType_t compute, int rows) {
  hipblasLtMatmulDesc_t desc;
  CHECK(hipblasLtMatmulDescCreate(&desc, compute, HIP_R_32F));
  // set the scale type to FP32 (FP16 only with a 16-bit compute type)
  hipDataType scale_type = HIP_R_32F;
  CHECK(HIPBLAS_STATUS_SUCCESS);  // expect: HPY171
  auto set_again = [&]() {
    hipblasStatus_t status = HIPBLAS_STATUS_SUCCESS;
    return status;
  };
  CHECK(set_again());
  CHECK(hipblasLtMatmulDescDestroy(desc));
}

// Another value than at creation, a value assigned again, a descriptor made elsewhere: kept.
void half_scale(hipblasComputeType_t compute) {
  hipblasLtMatmulDesc_t desc;
  CHECK(hipblasLtMatmulDescCreate(&desc, compute, HIP_R_32F));
  hipDataType scale = HIP_R_16F;
  CHECK(hipblasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale)));  // expect: HPY108
}

void reassigned(hipblasComputeType_t compute, bool wide) {
  hipblasLtMatmulDesc_t desc;
  CHECK(hipblasLtMatmulDescCreate(&desc, compute, HIP_R_32F));
  hipDataType scale = HIP_R_32F;
  if (!wide) scale = HIP_R_16F;
  CHECK(hipblasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale)));  // expect: HPY108
}

void elsewhere(hipblasLtMatmulDesc_t desc) {
  hipDataType scale = HIP_R_32F;
  CHECK(hipblasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale)));  // expect: HPY108
}
