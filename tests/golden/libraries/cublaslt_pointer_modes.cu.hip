// cuBLASLt pointer modes, as bitsandbytes' int8 matmul sets them. hipBLASLt has host, device and
// alpha-vector-with-host-beta modes; cuBLASLt's alpha-vector mode that reads no beta has none:
// reported on its line (with the nearest mode and its condition as the suggestion).
#include <hip/hip_runtime.h>
#include <hipblaslt/hipblaslt.h>

int set_row_scaled(hipblasLtMatmulDesc_t desc, bool beta_on_host) {
  hipblasLtPointerMode_t mode = beta_on_host ? HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST
                                            : CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO; // expect: HPY108
  hipblasLtPointerMode_t host = HIPBLASLT_POINTER_MODE_HOST;
  hipblasStatus_t status = hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_POINTER_MODE,
                                                         beta_on_host ? &mode : &host, sizeof(mode));
  return status == HIPBLAS_STATUS_SUCCESS ? 0 : 1;
}
