// cuBLASLt's scale type set again after cublasLtMatmulDescCreate (as llm.c does): hipBLASLt takes
// it only at creation and has no such attribute. Where the value is the one the descriptor was
// created with, the call changes nothing and becomes HIPBLAS_STATUS_SUCCESS; otherwise it stays,
// reported on its line.
#include <cublasLt.h>
#include <cstdio>

#define CHECK(call) do { if ((call) != CUBLAS_STATUS_SUCCESS) std::printf("cublasLt error\n"); } while (0)

void matmul(cublasComputeType_t compute, int rows) {
  cublasLtMatmulDesc_t desc;
  CHECK(cublasLtMatmulDescCreate(&desc, compute, CUDA_R_32F));
  // set the scale type to FP32 (FP16 only with a 16-bit compute type)
  cublasDataType_t scale_type = CUDA_R_32F;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale_type, sizeof(scale_type)));  // expect: HPY171
  auto set_again = [&]() {
    cublasStatus_t status = cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE,  // expect: HPY171
                                                           &scale_type, sizeof(scale_type));
    return status;
  };
  CHECK(set_again());
  CHECK(cublasLtMatmulDescDestroy(desc));
}

// Another value than at creation, a value assigned again, a descriptor made elsewhere: kept.
void half_scale(cublasComputeType_t compute) {
  cublasLtMatmulDesc_t desc;
  CHECK(cublasLtMatmulDescCreate(&desc, compute, CUDA_R_32F));
  cudaDataType_t scale = CUDA_R_16F;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale)));  // expect: HPY108
}

void reassigned(cublasComputeType_t compute, bool wide) {
  cublasLtMatmulDesc_t desc;
  CHECK(cublasLtMatmulDescCreate(&desc, compute, CUDA_R_32F));
  cudaDataType_t scale = CUDA_R_32F;
  if (!wide) scale = CUDA_R_16F;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale)));  // expect: HPY108
}

void elsewhere(cublasLtMatmulDesc_t desc) {
  cudaDataType_t scale = CUDA_R_32F;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale)));  // expect: HPY108
}
