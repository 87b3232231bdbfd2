// CUDA's math_constants.h: hip/hip_math_constants.h from HIP 5.3 (float constants), its double
// constants from HIP 5.7. For an older target the include is dropped and the constants the file
// uses are supplied (hipify_supplied.h, CUDA's values under HIP's names); HIP's own win where
// the HIP in use has them.
#include <math_constants.h> // expect[hip52]: HPY201
#include <cstdio>

#define GPU_INF(T) (T)(CUDART_INF) // expect[hip52,hip55]: HPY530

__device__ unsigned remquo_low_bits(int quo) {
  return quo & CUDART_REMQUO_MASK_F; // expect[hip52]: HPY530
}

__global__ void init(float *f, double *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  f[i] = i == 0 ? CUDART_INF_F : CUDART_NAN_F; // expect[hip52]: HPY530
  d[i] = i == 0 ? GPU_INF(double) : CUDART_NAN; // expect[hip52,hip55]: HPY530
  d[i] += CUDART_PI_LO + CUDART_TWO_TO_M1022; // expect[hip52,hip55]: HPY530
}

int main() {
  const double circle = 2.0 * CUDART_PI; // expect[hip52,hip55]: HPY530
  const float half_turn = CUDART_PI_F; // expect[hip52]: HPY530
  std::printf("%f %f\n", circle, half_turn);
  return 0;
}
