// cuSPARSE generic API: y = A * x with a CSR matrix.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void spmv(int rows, int cols, int nnz, int *offsets, int *columns, float *values, float *x, float *y) {
  hipsparseHandle_t handle;
  hipsparseSpMatDescr_t matA;
  hipsparseDnVecDescr_t vecX, vecY;
  float alpha = 1.0f, beta = 0.0f;
  size_t bufferSize = 0;
  void *buffer = nullptr;
  hipsparseCreate(&handle);
  hipsparseCreateCsr(&matA, rows, cols, nnz, offsets, columns, values, HIPSPARSE_INDEX_32I,
                    HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  hipsparseCreateDnVec(&vecX, cols, x, HIP_R_32F);
  hipsparseCreateDnVec(&vecY, rows, y, HIP_R_32F);
  hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                          HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, &bufferSize);
  hipMalloc(&buffer, bufferSize);
  hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY, HIP_R_32F,
               HIPSPARSE_SPMV_ALG_DEFAULT, buffer);
  hipsparseDestroySpMat(matA);
  hipsparseDestroyDnVec(vecX);
  hipsparseDestroyDnVec(vecY);
  hipsparseDestroy(handle);
  hipFree(buffer);
}
