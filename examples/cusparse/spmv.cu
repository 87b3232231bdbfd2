// spmv: y = alpha * A * x + beta * y with cuSPARSE's generic API (CSR matrix, dense vectors).
#include <cstdio>
#include <vector>

#include <cusparse.h>

#include "../common/helper_cuda.h"

#define CHECK_CUSPARSE(func)                                                          \
  {                                                                                   \
    cusparseStatus_t status = (func);                                                 \
    if (status != CUSPARSE_STATUS_SUCCESS) {                                          \
      printf("CUSPARSE failed at line %d with error %d\n", __LINE__,                \
             static_cast<int>(status));                                               \
      return EXIT_FAILURE;                                                            \
    }                                                                                 \
  }

int main() {
  const int A_rows = 4, A_cols = 4, A_nnz = 9;
  std::vector<int> hA_csrOffsets = {0, 3, 4, 7, 9};
  std::vector<int> hA_columns = {0, 2, 3, 1, 0, 2, 3, 1, 3};
  std::vector<float> hA_values = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f};
  std::vector<float> hX = {1.0f, 2.0f, 3.0f, 4.0f};
  std::vector<float> hY(A_rows, 0.0f);
  float alpha = 1.0f, beta = 0.0f;

  int *dA_csrOffsets, *dA_columns;
  float *dA_values, *dX, *dY;
  checkCudaErrors(cudaMalloc(&dA_csrOffsets, (A_rows + 1) * sizeof(int)));
  checkCudaErrors(cudaMalloc(&dA_columns, A_nnz * sizeof(int)));
  checkCudaErrors(cudaMalloc(&dA_values, A_nnz * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dX, A_cols * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dY, A_rows * sizeof(float)));
  checkCudaErrors(cudaMemcpy(dA_csrOffsets, hA_csrOffsets.data(), (A_rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dA_columns, hA_columns.data(), A_nnz * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dA_values, hA_values.data(), A_nnz * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dX, hX.data(), A_cols * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dY, hY.data(), A_rows * sizeof(float), cudaMemcpyHostToDevice));

  cusparseHandle_t handle = nullptr;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  void *dBuffer = nullptr;
  size_t bufferSize = 0;
  CHECK_CUSPARSE(cusparseCreate(&handle));
  CHECK_CUSPARSE(cusparseCreateCsr(&matA, A_rows, A_cols, A_nnz, dA_csrOffsets, dA_columns, dA_values,
                                   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                                   CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecX, A_cols, dX, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecY, A_rows, dY, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX,
                                         &beta, vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
  checkCudaErrors(cudaMalloc(&dBuffer, bufferSize));
  CHECK_CUSPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                              CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, dBuffer));
  CHECK_CUSPARSE(cusparseDestroySpMat(matA));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecX));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecY));
  CHECK_CUSPARSE(cusparseDestroy(handle));
  checkCudaErrors(cudaMemcpy(hY.data(), dY, A_rows * sizeof(float), cudaMemcpyDeviceToHost));
  printf("y = [%.0f %.0f %.0f %.0f] (expected [19 8 51 52])\n", hY[0], hY[1], hY[2], hY[3]);
  cudaFree(dBuffer);
  cudaFree(dA_csrOffsets);
  cudaFree(dA_columns);
  cudaFree(dA_values);
  cudaFree(dX);
  cudaFree(dY);
  return 0;
}
