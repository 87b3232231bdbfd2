// cublas.h without a legacy call (only the handle-based API, or only its types) ports like
// cublas_v2.h; a legacy call is reported, with the include (types/cublas_legacy.cu).
#include <cublas.h>
#include <cublas_api.h>

cublasStatus_t scale(cublasHandle_t handle, int n, float alpha, float *x) {
  return cublasSscal_v2(handle, n, &alpha, x, 1);
}
