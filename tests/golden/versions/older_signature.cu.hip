// hipSPARSE 6.0 changed SpSV_solve's parameters; for an older target the call is translated to
// the current form and the older signature is reported.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void solve(hipsparseHandle_t h, hipsparseSpMatDescr_t a, hipsparseDnVecDescr_t x,
           hipsparseDnVecDescr_t y, hipsparseSpSVDescr_t d, const float* alpha) {
  hipsparseSpSV_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, alpha, a, x, y, HIP_R_32F,  // expect: HPY153
                     HIPSPARSE_SPSV_ALG_DEFAULT, d);
}
