// cublas.h without a legacy call (only the handle-based API, or only its types) ports like
// cublas_v2.h; a legacy call is reported, with the include (types/cublas_legacy.cu).
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

hipblasStatus_t scale(hipblasHandle_t handle, int n, float alpha, float *x) {
  return hipblasSscal(handle, n, &alpha, x, 1);
}
