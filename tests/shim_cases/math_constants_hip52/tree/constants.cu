#include <math_constants.h>

__global__ void fill(float *f, double *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    f[i] = i == 0 ? CUDART_INF_F : CUDART_PI_F * i;
    d[i] = i == 0 ? CUDART_NAN : CUDART_PI * CUDART_SQRT_HALF * i;
  }
}
