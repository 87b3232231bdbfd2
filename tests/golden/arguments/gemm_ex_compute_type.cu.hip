// Code from before CUDA 11 passes a data type as GEMM-Ex compute type; cuBLAS's C++ overloads
// convert it, hipBLAS 7 has none: the converted compute type is written out.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

void int8_gemm(hipblasHandle_t h, int m, int n, int k, const signed char* A, const signed char* B,
               int* C, const int* alpha, const int* beta) {
  hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, alpha, A, HIP_R_8I, m, B, HIP_R_8I, k,
               beta, C, HIP_R_32I, m, HIPBLAS_COMPUTE_32I, HIPBLAS_GEMM_DEFAULT);
}

void batched(hipblasHandle_t h, int m, const float* A, const float* B, float* C, const float* one) {
  hipblasGemmStridedBatchedEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, m, m, one, A, HIP_R_32F, m, m * m,
                             B, HIP_R_32F, m, m * m, one, C, HIP_R_32F, m, m * m, 4,
                             HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
  // Written for CUDA 11 already: a compute type stays what it is.
  hipblasGemmStridedBatchedEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, m, m, one, A, HIP_R_32F, m, m * m,
                             B, HIP_R_32F, m, m * m, one, C, HIP_R_32F, m, m * m, 4,
                             HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
}
