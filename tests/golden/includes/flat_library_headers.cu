// --flat-library-headers writes hipify-clang's spelling (hipblas.h), keeping the quotes.
#include <cuda_runtime.h>
#include "cublas_v2.h"
#include <cusparse.h>
#include <cusolverDn.h>
#include <curand.h>

void f(cublasHandle_t blas, cusparseHandle_t sparse, cusolverDnHandle_t solver,
       curandGenerator_t gen) {
  cublasCreate(&blas);
  cusparseCreate(&sparse);
  cusolverDnCreate(&solver);
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
}
