// cuBLAS: C = alpha * A * B + beta * C with a handle, a stream and status checks.
#include <cstdio>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#define CUBLAS_CHECK(call)                                              \
  do {                                                                  \
    cublasStatus_t status_ = (call);                                    \
    if (status_ != CUBLAS_STATUS_SUCCESS) {                             \
      fprintf(stderr, "cuBLAS error %d at %s:%d\n", status_, __FILE__, __LINE__); \
    }                                                                   \
  } while (0)

void gemm(const float *A, const float *B, float *C, int m, int n, int k, cudaStream_t stream) {
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  CUBLAS_CHECK(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &alpha, A, m, B, n, &beta, C, m));
  float result = 0.0f;
  CUBLAS_CHECK(cublasSdot(handle, m, A, 1, B, 1, &result));
  CUBLAS_CHECK(cublasDestroy(handle));
}
