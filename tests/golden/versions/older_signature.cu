// hipSPARSE 6.0 changed SpSV_solve's parameters; for an older target the call is translated to
// the current form and the older signature is reported.
#include <cusparse.h>

void solve(cusparseHandle_t h, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x,
           cusparseDnVecDescr_t y, cusparseSpSVDescr_t d, const float* alpha) {
  cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, a, x, y, CUDA_R_32F,  // expect: HPY153
                     CUSPARSE_SPSV_ALG_DEFAULT, d);
}
