// The analysis happened elsewhere: nothing here says which buffer it was given, which
// hipSPARSE's solves before HIP 6.0 (SpSV) or in every HIP (SpSM) take again.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void solve_again(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnVecDescr_t x,
                 hipsparseDnVecDescr_t y, hipsparseSpSVDescr_t other) {
  float one = 1.0f;
  hipsparseSpSV_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, y, HIP_R_32F,  // expect[hip52]: HPY153
                     HIPSPARSE_SPSV_ALG_DEFAULT, other);
}

void solve_matrix_again(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnMatDescr_t B,
                        hipsparseDnMatDescr_t C, hipsparseSpSMDescr_t other) {
  float one = 1.0f;
  hipsparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HPY161
                     &one, A, B, C, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, other, nullptr);
}
