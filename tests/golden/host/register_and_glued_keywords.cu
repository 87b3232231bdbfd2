// clang (hipcc) rejects what nvcc only warns about: the register storage class in C++17, and a
// CUDA keyword glued to a string literal (read as a literal suffix).
#include <cuda_runtime.h>

extern "C"__global__  // expect: HPY520
void saxpy(int n, float alpha, const float *x, float *y) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;  // expect: HPY521
  if (i < n) y[i] = alpha * x[i] + y[i];
}

__global__ void spin(unsigned long long clocks) {
  register unsigned long long start = clock64(), now;  // expect: HPY521, HPY170
  do { now = clock64(); } while (now - start < clocks);  // expect: HPY170
}

extern "C" __device__ int registered(void);  // a word that only starts like the keyword
