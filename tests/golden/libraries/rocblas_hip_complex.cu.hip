// Under --roc, cuComplex becomes hipComplex, and rocBLAS is told to take hipComplex for its
// complex arguments (ROCM_MATHLIBS_API_USE_HIP_COMPLEX), so the same values go to the cuComplex
// helpers and to the library.
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#ifndef ROCM_MATHLIBS_API_USE_HIP_COMPLEX
#define ROCM_MATHLIBS_API_USE_HIP_COMPLEX
#endif
#include <rocblas/rocblas.h>  // expect: HPY204

// y = a*x + y on n complex values, and the dot product x^H y.
rocblas_status axpy_dot(rocblas_handle handle, int n, const hipComplex* x, hipComplex* y,
                        hipDoubleComplex* dx, hipDoubleComplex* dy, hipDoubleComplex* dot) {
  hipComplex a = hipCaddf(make_hipComplex(1.0f, 0.0f), make_hipComplex(0.0f, 1.0f));
  rocblas_status status = rocblas_caxpy(handle, n, &a, x, 1, y, 1);
  if (status != rocblas_status_success) return status;
  return rocblas_zdotc(handle, n, dx, 1, dy, 1, dot);
}
