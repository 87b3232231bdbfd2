// Under --roc, cuComplex becomes hipComplex, and rocBLAS is told to take hipComplex for its
// complex arguments (ROCM_MATHLIBS_API_USE_HIP_COMPLEX), so the same values go to the cuComplex
// helpers and to the library.
#include <cuda_runtime.h>
#include <cuComplex.h>
#include <cublas_v2.h>  // expect: HPY204

// y = a*x + y on n complex values, and the dot product x^H y.
cublasStatus_t axpy_dot(cublasHandle_t handle, int n, const cuComplex* x, cuComplex* y,
                        cuDoubleComplex* dx, cuDoubleComplex* dy, cuDoubleComplex* dot) {
  cuComplex a = cuCaddf(make_cuComplex(1.0f, 0.0f), make_cuComplex(0.0f, 1.0f));
  cublasStatus_t status = cublasCaxpy(handle, n, &a, x, 1, y, 1);
  if (status != CUBLAS_STATUS_SUCCESS) return status;
  return cublasZdotc(handle, n, dx, 1, dy, 1, dot);
}
