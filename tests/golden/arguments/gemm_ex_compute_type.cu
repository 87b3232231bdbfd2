// Code from before CUDA 11 passes a data type as GEMM-Ex compute type; cuBLAS's C++ overloads
// convert it, hipBLAS 7 has none: the converted compute type is written out.
#include <cublas_v2.h>

void int8_gemm(cublasHandle_t h, int m, int n, int k, const signed char* A, const signed char* B,
               int* C, const int* alpha, const int* beta) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, A, CUDA_R_8I, m, B, CUDA_R_8I, k,
               beta, C, CUDA_R_32I, m, CUDA_R_32I, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
}

void batched(cublasHandle_t h, int m, const float* A, const float* B, float* C, const float* one) {
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, m, m, one, A, CUDA_R_32F, m, m * m,
                             B, CUDA_R_32F, m, m * m, one, C, CUDA_R_32F, m, m * m, 4,
                             CUDA_R_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  // Written for CUDA 11 already: a compute type stays what it is.
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, m, m, one, A, CUDA_R_32F, m, m * m,
                             B, CUDA_R_32F, m, m * m, one, C, CUDA_R_32F, m, m * m, 4,
                             CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
}
