// Library calls whose HIP form declares a parameter differently, and names CUDA 13's libraries
// declare that no HIP library has (found by calling every cuBLAS/cuFFT/cuRAND/cuSPARSE/cuSOLVER
// function and compiling the translation with ROCm 7.2).
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>
#include <hiprand/hiprand.h>
#include <hipsparse/hipsparse.h>

void setup(hipsparseHandle_t handle, hipsparseMatDescr_t descr, const float* values,
           const int* rows, const int* cols, int m, int n, int rb, int cb) {
  int buffer_size = 0;
  hipsparseScsr2gebsr_bufferSize(handle, HIPSPARSE_DIRECTION_ROW, m, n, descr, values, rows, cols,  // expect: HPY170
                                rb, cb, &buffer_size);
  unsigned int* scramble = nullptr;
  hiprandGetScrambleConstants32(const_cast<const unsigned int**>(&scramble));
  int major = 0;
  hipfftGetProperty(MAJOR_VERSION, &major);  // expect: HPY170
  cusparseSpGEAMDescr_t geam;  // expect: HPY111
}
