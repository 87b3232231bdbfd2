// cuBLAS: C = alpha * A * B + beta * C with a handle, a stream and status checks.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <rocblas/rocblas.h>

#define CUBLAS_CHECK(call)                                              \
  do {                                                                  \
    rocblas_status status_ = (call);                                    \
    if (status_ != rocblas_status_success) {                             \
      fprintf(stderr, "cuBLAS error %d at %s:%d\n", status_, __FILE__, __LINE__); \
    }                                                                   \
  } while (0)

void gemm(const float *A, const float *B, float *C, int m, int n, int k, hipStream_t stream) {
  rocblas_handle handle;
  CUBLAS_CHECK(rocblas_create_handle(&handle));
  CUBLAS_CHECK(rocblas_set_stream(handle, stream));
  CUBLAS_CHECK(rocblas_set_pointer_mode(handle, rocblas_pointer_mode_host));
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_transpose, m, n, k, &alpha, A, m, B, n, &beta, C, m));
  float result = 0.0f;
  CUBLAS_CHECK(rocblas_sdot(handle, m, A, 1, B, 1, &result));
  CUBLAS_CHECK(rocblas_destroy_handle(handle));
}
