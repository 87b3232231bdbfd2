// hipBLAS 2 (HIP 6.x) takes hipComplex in hipblasCgemm_v2; hipBLAS 3 (HIP 7.0) moved that
// signature to hipblasCgemm and removed the _v2 names. HIP 5.x has only the old signature.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hip/hip_complex.h>

void gemm(hipblasHandle_t h, int n, hipComplex *A, hipComplex *B, hipComplex *C, float *norm) {
  hipComplex one = make_hipComplex(1.f, 0.f), zero = make_hipComplex(0.f, 0.f);
  hipblasCgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, A, n, B, n, &zero, C, n);  // expect[hip52]: HPY153
  hipblasScnrm2(h, n, A, 1, norm);  // expect[hip52]: HPY153
  hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, norm, norm, n, norm, n, norm, norm, n);
}
