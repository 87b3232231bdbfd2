// Library calls whose HIP form declares a parameter differently, and names CUDA 13's libraries
// declare that no HIP library has (found by calling every cuBLAS/cuFFT/cuRAND/cuSPARSE/cuSOLVER
// function and compiling the translation with ROCm 7.2).
#include <cufft.h>
#include <curand.h>
#include <cusparse.h>

void setup(cusparseHandle_t handle, cusparseMatDescr_t descr, const float* values,
           const int* rows, const int* cols, int m, int n, int rb, int cb) {
  int buffer_size = 0;
  cusparseScsr2gebsr_bufferSize(handle, CUSPARSE_DIRECTION_ROW, m, n, descr, values, rows, cols,  // expect: HPY170
                                rb, cb, &buffer_size);
  unsigned int* scramble = nullptr;
  curandGetScrambleConstants32(&scramble);
  int major = 0;
  cufftGetProperty(MAJOR_VERSION, &major);  // expect: HPY170
  cusparseSpGEAMDescr_t geam;  // expect: HPY111
}
