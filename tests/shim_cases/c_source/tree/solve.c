#include <stddef.h>
#include <cuda_runtime_api.h>
#include <cusparse.h>

cusparseStatus_t solve(cusparseHandle_t handle, cusparseSpSMDescr_t descr,
                       cusparseConstSpMatDescr_t a, cusparseDnMatDescr_t b,
                       cusparseDnMatDescr_t c, const float *alpha) {
  return cusparseSpSM_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, // expect: HPY161
                            CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, a, b, c, CUDA_R_32F,
                            CUSPARSE_SPSM_ALG_DEFAULT, descr);
}

/* The buffer given to the analysis is the one the solve needs: translate passes it on, a
   macro cannot. */
cusparseStatus_t analyse_and_solve(cusparseHandle_t handle, cusparseSpSMDescr_t descr,
                                   cusparseConstSpMatDescr_t a, cusparseDnMatDescr_t b,
                                   cusparseDnMatDescr_t c, const float *alpha, void *buffer) {
  cusparseSpSM_analysis(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                        CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, a, b, c, CUDA_R_32F,
                        CUSPARSE_SPSM_ALG_DEFAULT, descr, buffer);
  return cusparseSpSM_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, /* expect: HPY700 */
                            CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, a, b, c, CUDA_R_32F,
                            CUSPARSE_SPSM_ALG_DEFAULT, descr);
}
