/* A C source: no implicit hip_runtime.h (nvcc gives .c files none), and an argument the
 * HIP function adds is NULL, not C++'s nullptr. */
#include <cuda_runtime_api.h>
#include <cusparse.h>

int solve(cusparseHandle_t handle, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b,
          cusparseDnMatDescr_t c, cusparseSpSMDescr_t d, const float* alpha) {
  return (int)cusparseSpSM_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HPY161
                                 CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, a, b, c, CUDA_R_32F,
                                 CUSPARSE_SPSM_ALG_DEFAULT, d);
}
