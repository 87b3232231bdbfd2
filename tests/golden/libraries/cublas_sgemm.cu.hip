// cuBLAS: C = alpha * A * B + beta * C with a handle, a stream and status checks.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <hipblas/hipblas.h>

#define CUBLAS_CHECK(call)                                              \
  do {                                                                  \
    hipblasStatus_t status_ = (call);                                    \
    if (status_ != HIPBLAS_STATUS_SUCCESS) {                             \
      fprintf(stderr, "cuBLAS error %d at %s:%d\n", status_, __FILE__, __LINE__); \
    }                                                                   \
  } while (0)

void gemm(const float *A, const float *B, float *C, int m, int n, int k, hipStream_t stream) {
  hipblasHandle_t handle;
  CUBLAS_CHECK(hipblasCreate(&handle));
  CUBLAS_CHECK(hipblasSetStream(handle, stream));
  CUBLAS_CHECK(hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST));
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, m, n, k, &alpha, A, m, B, n, &beta, C, m));
  float result = 0.0f;
  CUBLAS_CHECK(hipblasSdot(handle, m, A, 1, B, 1, &result));
  CUBLAS_CHECK(hipblasDestroy(handle));
}
