#pragma once
#include <cuda_runtime.h>

inline const char *status_name(cudaError_t e) { return cudaGetErrorName(e); }

#ifdef CUBLAS_API_H_
inline const char *status_name(cublasStatus_t s) {
  return s == CUBLAS_STATUS_SUCCESS ? "CUBLAS_STATUS_SUCCESS" : "cuBLAS error";
}
#endif
