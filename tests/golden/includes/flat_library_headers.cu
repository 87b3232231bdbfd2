// --flat-library-headers writes hipify-clang's spelling (hipblas.h), keeping the quotes.
#include <cuda_runtime.h>
#include "cublas_v2.h"
#include <cusparse.h>
#include <cusolverDn.h>
#include <curand.h>
#include <cuda_fp16.h>

void f(cublasHandle_t blas, cusparseHandle_t sparse, cusolverDnHandle_t solver,
       curandGenerator_t gen) {
  cublasCreate(&blas);
  cusparseCreate(&sparse);
  cusolverDnCreate(&solver);
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
}

// hipBLAS takes __half only when told so before its header, in either spelling
void half_gemm(cublasHandle_t blas, const __half *a, __half *c, __half alpha) {
  cublasHgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &alpha, a, 4, a, 4, &alpha, c, 4);
}
