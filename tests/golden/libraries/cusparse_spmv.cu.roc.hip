// cuSPARSE generic API: y = A * x with a CSR matrix.
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

void spmv(int rows, int cols, int nnz, int *offsets, int *columns, float *values, float *x, float *y) {
  rocsparse_handle handle;
  rocsparse_spmat_descr matA;
  rocsparse_dnvec_descr vecX, vecY;
  float alpha = 1.0f, beta = 0.0f;
  size_t bufferSize = 0;
  void *buffer = nullptr;
  rocsparse_create_handle(&handle);
  rocsparse_create_csr_descr(&matA, rows, cols, nnz, offsets, columns, values, rocsparse_indextype_i32,
                    rocsparse_indextype_i32, rocsparse_index_base_zero, rocblas_datatype_f32_r);
  rocsparse_create_dnvec_descr(&vecX, cols, x, rocblas_datatype_f32_r);
  rocsparse_create_dnvec_descr(&vecY, rows, y, rocblas_datatype_f32_r);
  rocsparse_spmv(handle, rocsparse_operation_none, &alpha, matA, vecX, &beta, vecY,
                          rocblas_datatype_f32_r, rocsparse_spmv_alg_default, rocsparse_spmv_stage_buffer_size, &bufferSize, nullptr);
  hipMalloc(&buffer, bufferSize);
  rocsparse_spmv(handle, rocsparse_operation_none, &alpha, matA, vecX, &beta, vecY, rocblas_datatype_f32_r,
               rocsparse_spmv_alg_default, rocsparse_spmv_stage_compute, buffer);
  rocsparse_destroy_spmat_descr(matA);
  rocsparse_destroy_dnvec_descr(vecX);
  rocsparse_destroy_dnvec_descr(vecY);
  rocsparse_destroy_handle(handle);
  hipFree(buffer);
}
