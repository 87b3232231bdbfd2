// cublasSgemmEx: a mixed-type GEMM that accumulates in float. hipBLAS has it as GemmEx with
// the compute type and algorithm written out (hipblasGemmEx_v2 on HIP 6.x; before HIP 6.0
// hipblasGemmEx took hipblasDatatype_t, which the CUDA data types do not become: reported).
#include <cublas_v2.h>
#include <cuda_fp16.h>

cublasStatus_t half_times_half(cublasHandle_t h, const __half *a, const __half *b, float *c,
                               int rows, int cols, int inner) {
  const float one = 1.0f, zero = 0.0f;
  return cublasSgemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, rows, cols, inner, &one, a, CUDA_R_16F,  // expect[hip52]: HPY150
                       inner, b, CUDA_R_16F, inner, &zero, c, CUDA_R_32F, rows);
}

cublasStatus_t wide(cublasHandle_t h, const float *a, const float *b, float *c, int64_t n) {
  const float one = 1.0f;
  // the 64-bit form (HIP 6.3 on)
  return cublasSgemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, CUDA_R_32F, n,  // expect[hip52,hip60]: HPY150
                          b, CUDA_R_32F, n, &one, c, CUDA_R_32F, n);
}
