// cuSPARSE 12 keeps the analysis buffer in the descriptor; hipSPARSE's solves take it again
// (SpSV before HIP 6.0, SpSM in every HIP): the buffer the analysis got on the same descriptor.
#include <cusparse.h>

void solve_vector(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnVecDescr_t x,
                  cusparseDnVecDescr_t y, cusparseSpSVDescr_t descr, void* work) {
  float one = 1.0f;
  cusparseSpSV_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, y, CUDA_R_32F,
                        CUSPARSE_SPSV_ALG_DEFAULT, descr, work);
  cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, y, CUDA_R_32F,  // expect[hip52]: HPY154
                     CUSPARSE_SPSV_ALG_DEFAULT, descr);
}

void solve_matrix(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnMatDescr_t B,
                  cusparseDnMatDescr_t C, cusparseSpSMDescr_t descr, void* buffer) {
  float one = 1.0f;
  cusparseSpSM_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                        &one, A, B, C, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, descr, buffer);
  cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HPY154
                     &one, A, B, C, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, descr);
}
