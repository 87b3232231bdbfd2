// A dense matrix keeps its storage order in every target (rocSPARSE included).
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

void describe(rocsparse_dnmat_descr* b, rocsparse_dnmat_descr* c, float* vb, float* vc) {
  rocsparse_create_dnmat_descr(b, 4, 4, 4, vb, rocblas_datatype_f32_r, rocsparse_order_column);
  rocsparse_create_dnmat_descr(c, 4, 4, 4, vc, rocblas_datatype_f32_r, rocsparse_order_row);
}
