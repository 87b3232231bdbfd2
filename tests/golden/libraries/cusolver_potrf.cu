// cuSOLVER dense: Cholesky factorisation with a workspace query.
#include <cusolverDn.h>

int cholesky(float *A, int n, int lda) {
  cusolverDnHandle_t handle;
  cusolverDnCreate(&handle);
  int lwork = 0;
  cusolverDnSpotrf_bufferSize(handle, CUBLAS_FILL_MODE_LOWER, n, A, lda, &lwork);  // expect[roc]: HPY110
  float *work;
  int *devInfo;
  cudaMalloc(&work, lwork * sizeof(float));
  cudaMalloc(&devInfo, sizeof(int));
  cusolverStatus_t st = cusolverDnSpotrf(handle, CUBLAS_FILL_MODE_LOWER, n, A, lda, work, lwork, devInfo);
  int info = 0;
  cudaMemcpy(&info, devInfo, sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(work);
  cudaFree(devInfo);
  cusolverDnDestroy(handle);
  return st == CUSOLVER_STATUS_SUCCESS ? info : -1;
}
