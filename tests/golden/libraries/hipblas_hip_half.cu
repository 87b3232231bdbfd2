// cublasHgemm takes __half; hipblasHgemm takes hipblasHalf, which is uint16_t unless
// HIPBLAS_USE_HIP_HALF is defined before hipblas.h: the translation defines it.
#include <cublas_v2.h>  // expect: HPY204
#include <cuda_fp16.h>

cublasStatus_t half_gemm(cublasHandle_t handle, int n, const __half* a, const __half* b,
                         half* c) {
  const __half one = __float2half(1.0f);
  const __half zero = __float2half(0.0f);
  return cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, a, n, b, n, &zero, c, n);
}
