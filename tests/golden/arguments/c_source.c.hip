/* A C source: no implicit hip_runtime.h (nvcc gives .c files none), and an argument the
 * HIP function adds is NULL, not C++'s nullptr. */
#include <hip/hip_runtime_api.h>
#include <hipsparse/hipsparse.h>

int solve(hipsparseHandle_t handle, hipsparseSpMatDescr_t a, hipsparseDnMatDescr_t b,
          hipsparseDnMatDescr_t c, hipsparseSpSMDescr_t d, const float* alpha) {
  return (int)hipsparseSpSM_solve(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HPY161
                                 HIPSPARSE_OPERATION_NON_TRANSPOSE, alpha, a, b, c, HIP_R_32F,
                                 HIPSPARSE_SPSM_ALG_DEFAULT, d, NULL);
}
