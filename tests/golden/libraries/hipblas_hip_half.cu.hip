// cublasHgemm takes __half; hipblasHgemm takes hipblasHalf, which is uint16_t unless
// HIPBLAS_USE_HIP_HALF is defined before hipblas.h: the translation defines it. Under --roc,
// rocblas_hgemm takes rocblas_half, a struct of its own: the pointers are cast.
#include <hip/hip_runtime.h>
#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF
#endif
#include <hipblas/hipblas.h>  // expect[default]: HPY204
#include <hip/hip_fp16.h>

hipblasStatus_t half_gemm(hipblasHandle_t handle, int n, const __half* a, const __half* b,
                         half* c) {
  const __half one = __float2half(1.0f);
  const __half zero = __float2half(0.0f);
  return hipblasHgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &one, a, n, b, n, &zero, c, n);
}

hipblasStatus_t half_gemms(hipblasHandle_t handle, int n, const __half** as, const __half** bs,
                          __half** cs, const __half* a, const __half* b, __half* c, int count) {
  const __half one = __float2half(1.0f);
  hipblasStatus_t status = hipblasHgemmBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, as,
                                             n, bs, n, &one, cs, n, count);
  if (status != HIPBLAS_STATUS_SUCCESS) return status;
  return hipblasHgemmStridedBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, n, n * n,
                                   b, n, n * n, &one, c, n, n * n, count);
}
