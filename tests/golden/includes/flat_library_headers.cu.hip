// --flat-library-headers writes hipify-clang's spelling (hipblas.h), keeping the quotes.
#include <hip/hip_runtime.h>
#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF
#endif
#include "hipblas/hipblas.h"
#include <hipsparse/hipsparse.h>
#include <hipsolver/hipsolver.h>
#include <hiprand/hiprand.h>
#include <hip/hip_fp16.h>

void f(hipblasHandle_t blas, hipsparseHandle_t sparse, hipsolverHandle_t solver,
       hiprandGenerator_t gen) {
  hipblasCreate(&blas);
  hipsparseCreate(&sparse);
  hipsolverDnCreate(&solver);
  hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT);
}

// hipBLAS takes __half only when told so before its header, in either spelling
void half_gemm(hipblasHandle_t blas, const __half *a, __half *c, __half alpha) {
  hipblasHgemm(blas, HIPBLAS_OP_N, HIPBLAS_OP_N, 4, 4, 4, &alpha, a, 4, a, 4, &alpha, c, 4);
}
