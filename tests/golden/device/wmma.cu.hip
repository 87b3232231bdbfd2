// Tensor-core warp matrices have no HIP equivalent: every line that needs a person is reported.
#include <hip/hip_runtime.h>
#include <mma.h>  // expect: HPY200
using namespace nvcuda;  // expect: HPY103

__global__ void tile(const half* a, float* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;  // expect: HPY103, HPY103, HPY103
  nvcuda::wmma::load_matrix_sync(fa, a, 16);  // expect: HPY103, HPY103
}
