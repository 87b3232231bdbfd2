// cublasHgemm takes __half; hipblasHgemm takes hipblasHalf, which is uint16_t unless
// HIPBLAS_USE_HIP_HALF is defined before hipblas.h: the translation defines it. Under --roc,
// rocblas_hgemm takes rocblas_half, a struct of its own: the pointers are cast.
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>  // expect[default]: HPY204
#include <hip/hip_fp16.h>

rocblas_status half_gemm(rocblas_handle handle, int n, const __half* a, const __half* b,
                         half* c) {
  const __half one = __float2half(1.0f);
  const __half zero = __float2half(0.0f);
  return rocblas_hgemm(handle, rocblas_operation_none, rocblas_operation_transpose, n, n, n, reinterpret_cast<const rocblas_half *>(&one), reinterpret_cast<const rocblas_half *>(a), n, reinterpret_cast<const rocblas_half *>(b), n, reinterpret_cast<const rocblas_half *>(&zero), reinterpret_cast<rocblas_half *>(c), n);
}

rocblas_status half_gemms(rocblas_handle handle, int n, const __half** as, const __half** bs,
                          __half** cs, const __half* a, const __half* b, __half* c, int count) {
  const __half one = __float2half(1.0f);
  rocblas_status status = rocblas_hgemm_batched(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, reinterpret_cast<const rocblas_half *>(&one), reinterpret_cast<const rocblas_half * const *>(as),
                                             n, reinterpret_cast<const rocblas_half * const *>(bs), n, reinterpret_cast<const rocblas_half *>(&one), reinterpret_cast<rocblas_half * const *>(cs), n, count);
  if (status != rocblas_status_success) return status;
  return rocblas_hgemm_strided_batched(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, reinterpret_cast<const rocblas_half *>(&one), reinterpret_cast<const rocblas_half *>(a), n, n * n,
                                   reinterpret_cast<const rocblas_half *>(b), n, n * n, reinterpret_cast<const rocblas_half *>(&one), reinterpret_cast<rocblas_half *>(c), n, n * n, count);
}
