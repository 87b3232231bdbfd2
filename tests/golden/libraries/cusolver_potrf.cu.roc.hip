// cuSOLVER dense: Cholesky factorisation with a workspace query.
#include <hip/hip_runtime.h>
#include <rocsolver/rocsolver.h>

int cholesky(float *A, int n, int lda) {
  rocblas_handle handle;
  rocblas_create_handle(&handle);
  int lwork = 0;
  cusolverDnSpotrf_bufferSize(handle, rocblas_fill_lower, n, A, lda, &lwork);  // expect[roc]: HPY110
  float *work;
  int *devInfo;
  hipMalloc(&work, lwork * sizeof(float));
  hipMalloc(&devInfo, sizeof(int));
  rocblas_status st = rocsolver_spotrf(handle, rocblas_fill_lower, n, A, lda, work, lwork, devInfo);
  int info = 0;
  hipMemcpy(&info, devInfo, sizeof(int), hipMemcpyDeviceToHost);
  hipFree(work);
  hipFree(devInfo);
  rocblas_destroy_handle(handle);
  return st == rocblas_status_success ? info : -1;
}
