// cuBLASLt pointer modes, as bitsandbytes' int8 matmul sets them. hipBLASLt has host, device and
// alpha-vector-with-host-beta modes; cuBLASLt's alpha-vector mode that reads no beta becomes the
// last, with its condition (beta must point to a host 0) said on the line. The capability mask
// bit of that mode has no hipBLASLt counterpart.
#include <cublasLt.h>

int set_row_scaled(cublasLtMatmulDesc_t desc, bool beta_on_host) {
  cublasLtPointerMode_t mode = beta_on_host ? CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST
                                            : CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO; // expect: HPY170
  cublasLtPointerMode_t host = CUBLASLT_POINTER_MODE_HOST;
  cublasStatus_t status = cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE,
                                                         beta_on_host ? &mode : &host, sizeof(mode));
  bool zero_beta = (CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_ZERO & 0) != 0; // expect: HPY108
  return status == CUBLAS_STATUS_SUCCESS && !zero_beta ? 0 : 1;
}
