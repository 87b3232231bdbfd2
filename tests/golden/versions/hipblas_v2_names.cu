// hipBLAS 2 (HIP 6.x) takes hipComplex in hipblasCgemm_v2; hipBLAS 3 (HIP 7.0) moved that
// signature to hipblasCgemm and removed the _v2 names. HIP 5.x has only the old signature.
#include <cublas_v2.h>
#include <cuComplex.h>

void gemm(cublasHandle_t h, int n, cuComplex *A, cuComplex *B, cuComplex *C, float *norm) {
  cuComplex one = make_cuComplex(1.f, 0.f), zero = make_cuComplex(0.f, 0.f);
  cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, n, B, n, &zero, C, n);  // expect[hip52]: HPY153
  cublasScnrm2(h, n, A, 1, norm);  // expect[hip52]: HPY153
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, norm, norm, n, norm, n, norm, norm, n);
}
