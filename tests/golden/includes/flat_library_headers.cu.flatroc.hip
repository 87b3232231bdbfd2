// --flat-library-headers writes hipify-clang's spelling (hipblas.h), keeping the quotes.
#include <hip/hip_runtime.h>
#include "rocblas.h"
#include <rocsparse.h>
#include <rocsolver/rocsolver.h>
#include <rocrand/rocrand.h>
#include <hip/hip_fp16.h>

void f(rocblas_handle blas, rocsparse_handle sparse, rocblas_handle solver,
       rocrand_generator gen) {
  rocblas_create_handle(&blas);
  rocsparse_create_handle(&sparse);
  rocblas_create_handle(&solver);
  rocrand_create_generator(&gen, ROCRAND_RNG_PSEUDO_DEFAULT);
}

// hipBLAS takes __half only when told so before its header, in either spelling
void half_gemm(rocblas_handle blas, const __half *a, __half *c, __half alpha) {
  rocblas_hgemm(blas, rocblas_operation_none, rocblas_operation_none, 4, 4, 4, reinterpret_cast<const rocblas_half *>(&alpha), reinterpret_cast<const rocblas_half *>(a), 4, reinterpret_cast<const rocblas_half *>(a), 4, reinterpret_cast<const rocblas_half *>(&alpha), reinterpret_cast<rocblas_half *>(c), 4);
}
