// The legacy cuBLAS API (cublas.h, no handle) has no hipBLAS equivalent.
#include <cublas.h>  // expect: HPY120

void legacy(int n, const float *x, float *y) {
  cublasInit();  // expect: HPY120
  float *d = nullptr;
  cublasAlloc(n, sizeof(float), (void **)&d);  // expect: HPY120
  cublasSaxpy(n, 2.0f, x, 1, y, 1);  // expect: HPY120
  cublasFree(d);  // expect: HPY120
  cublasShutdown();  // expect: HPY120
}
