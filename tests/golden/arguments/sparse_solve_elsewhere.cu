// The analysis happened elsewhere: nothing here says which buffer it was given, which
// hipSPARSE's solves before HIP 6.0 (SpSV) or in every HIP (SpSM) take again.
#include <cusparse.h>

void solve_again(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnVecDescr_t x,
                 cusparseDnVecDescr_t y, cusparseSpSVDescr_t other) {
  float one = 1.0f;
  cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, y, CUDA_R_32F,  // expect[hip52]: HPY153
                     CUSPARSE_SPSV_ALG_DEFAULT, other);
}

void solve_matrix_again(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnMatDescr_t B,
                        cusparseDnMatDescr_t C, cusparseSpSMDescr_t other) {
  float one = 1.0f;
  cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HPY161
                     &one, A, B, C, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, other);
}
