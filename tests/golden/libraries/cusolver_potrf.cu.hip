// cuSOLVER dense: Cholesky factorisation with a workspace query.
#include <hip/hip_runtime.h>
#include <hipsolver/hipsolver.h>

int cholesky(float *A, int n, int lda) {
  hipsolverHandle_t handle;
  hipsolverDnCreate(&handle);
  int lwork = 0;
  hipsolverDnSpotrf_bufferSize(handle, HIPBLAS_FILL_MODE_LOWER, n, A, lda, &lwork);  // expect[roc]: HPY110
  float *work;
  int *devInfo;
  hipMalloc(&work, lwork * sizeof(float));
  hipMalloc(&devInfo, sizeof(int));
  hipsolverStatus_t st = hipsolverDnSpotrf(handle, HIPBLAS_FILL_MODE_LOWER, n, A, lda, work, lwork, devInfo);
  int info = 0;
  hipMemcpy(&info, devInfo, sizeof(int), hipMemcpyDeviceToHost);
  hipFree(work);
  hipFree(devInfo);
  hipsolverDnDestroy(handle);
  return st == HIPSOLVER_STATUS_SUCCESS ? info : -1;
}
