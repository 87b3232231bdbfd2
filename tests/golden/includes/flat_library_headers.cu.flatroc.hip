// --flat-library-headers writes hipify-clang's spelling (hipblas.h), keeping the quotes.
#include <hip/hip_runtime.h>
#include "rocblas.h"
#include <rocsparse.h>
#include <rocsolver/rocsolver.h>
#include <rocrand/rocrand.h>

void f(rocblas_handle blas, rocsparse_handle sparse, rocblas_handle solver,
       rocrand_generator gen) {
  rocblas_create_handle(&blas);
  rocsparse_create_handle(&sparse);
  rocblas_create_handle(&solver);
  rocrand_create_generator(&gen, ROCRAND_RNG_PSEUDO_DEFAULT);
}
