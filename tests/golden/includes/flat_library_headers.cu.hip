// --flat-library-headers writes hipify-clang's spelling (hipblas.h), keeping the quotes.
#include <hip/hip_runtime.h>
#include "hipblas/hipblas.h"
#include <hipsparse/hipsparse.h>
#include <hipsolver/hipsolver.h>
#include <hiprand/hiprand.h>

void f(hipblasHandle_t blas, hipsparseHandle_t sparse, hipsolverHandle_t solver,
       hiprandGenerator_t gen) {
  hipblasCreate(&blas);
  hipsparseCreate(&sparse);
  hipsolverDnCreate(&solver);
  hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT);
}
