// cuSPARSE generic API: y = A * x with a CSR matrix.
#include <cusparse.h>

void spmv(int rows, int cols, int nnz, int *offsets, int *columns, float *values, float *x, float *y) {
  cusparseHandle_t handle;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  float alpha = 1.0f, beta = 0.0f;
  size_t bufferSize = 0;
  void *buffer = nullptr;
  cusparseCreate(&handle);
  cusparseCreateCsr(&matA, rows, cols, nnz, offsets, columns, values, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vecX, cols, x, CUDA_R_32F);
  cusparseCreateDnVec(&vecY, rows, y, CUDA_R_32F);
  cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                          CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize);
  cudaMalloc(&buffer, bufferSize);
  cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY, CUDA_R_32F,
               CUSPARSE_SPMV_ALG_DEFAULT, buffer);
  cusparseDestroySpMat(matA);
  cusparseDestroyDnVec(vecX);
  cusparseDestroyDnVec(vecY);
  cusparseDestroy(handle);
  cudaFree(buffer);
}
