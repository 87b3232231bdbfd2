// A translation unit that uses what mma.h declares keeps the include, reported.
#include <mma.h>  // expect: HPY200

__global__ void tile(half* a) {
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> f;  // expect: HPY103
  nvcuda::wmma::load_matrix_sync(f, a, 16);  // expect: HPY103
}
