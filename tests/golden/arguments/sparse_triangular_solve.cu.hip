// cuSPARSE 12 keeps the analysis buffer in the descriptor; hipSPARSE's solves take it again
// (SpSV before HIP 6.0, SpSM in every HIP): the buffer the analysis got on the same descriptor.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void solve_vector(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnVecDescr_t x,
                  hipsparseDnVecDescr_t y, hipsparseSpSVDescr_t descr, void* work) {
  float one = 1.0f;
  hipsparseSpSV_analysis(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, y, HIP_R_32F,
                        HIPSPARSE_SPSV_ALG_DEFAULT, descr, work);
  hipsparseSpSV_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, y, HIP_R_32F,  // expect[hip52]: HPY154
                     HIPSPARSE_SPSV_ALG_DEFAULT, descr);
}

void solve_matrix(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnMatDescr_t B,
                  hipsparseDnMatDescr_t C, hipsparseSpSMDescr_t descr, void* buffer) {
  float one = 1.0f;
  hipsparseSpSM_analysis(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                        &one, A, B, C, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, descr, buffer);
  hipsparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HPY154
                     &one, A, B, C, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, descr, buffer);
}
