// cublasHgemm takes __half; hipblasHgemm takes hipblasHalf, which is uint16_t unless
// HIPBLAS_USE_HIP_HALF is defined before hipblas.h: the translation defines it. Under --roc,
// rocblas_hgemm takes rocblas_half, a struct of its own: the pointers are cast.
#include <cublas_v2.h>  // expect[default]: HPY204
#include <cuda_fp16.h>

cublasStatus_t half_gemm(cublasHandle_t handle, int n, const __half* a, const __half* b,
                         half* c) {
  const __half one = __float2half(1.0f);
  const __half zero = __float2half(0.0f);
  return cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, a, n, b, n, &zero, c, n);
}

cublasStatus_t half_gemms(cublasHandle_t handle, int n, const __half** as, const __half** bs,
                          __half** cs, const __half* a, const __half* b, __half* c, int count) {
  const __half one = __float2half(1.0f);
  cublasStatus_t status = cublasHgemmBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, as,
                                             n, bs, n, &one, cs, n, count);
  if (status != CUBLAS_STATUS_SUCCESS) return status;
  return cublasHgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, n * n,
                                   b, n, n * n, &one, c, n, n * n, count);
}
