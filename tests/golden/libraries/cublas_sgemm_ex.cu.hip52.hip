// cublasSgemmEx: a mixed-type GEMM that accumulates in float. hipBLAS has it as GemmEx with
// the compute type and algorithm written out (hipblasGemmEx_v2 on HIP 6.x; before HIP 6.0
// hipblasGemmEx took hipblasDatatype_t, which the CUDA data types do not become: reported).
#include <hip/hip_runtime.h>
#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF
#endif
#include <hipblas/hipblas.h>
#include <hip/hip_fp16.h>

hipblasStatus_t half_times_half(hipblasHandle_t h, const __half *a, const __half *b, float *c,
                               int rows, int cols, int inner) {
  const float one = 1.0f, zero = 0.0f;
  return cublasSgemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, rows, cols, inner, &one, a, HIP_R_16F,  // expect[hip52]: HPY150
                       inner, b, HIP_R_16F, inner, &zero, c, HIP_R_32F, rows);
}

hipblasStatus_t wide(hipblasHandle_t h, const float *a, const float *b, float *c, int64_t n) {
  const float one = 1.0f;
  // the 64-bit form (HIP 6.3 on)
  return cublasSgemmEx_64(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, HIP_R_32F, n,  // expect[hip52,hip60]: HPY150
                          b, HIP_R_32F, n, &one, c, HIP_R_32F, n);
}
