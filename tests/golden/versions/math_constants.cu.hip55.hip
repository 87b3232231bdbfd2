// CUDA's math_constants.h: hip/hip_math_constants.h from HIP 5.3 (float constants), its double
// constants from HIP 5.7. For an older target the include is dropped and the constants the file
// uses are supplied (hipify_supplied.h, CUDA's values under HIP's names); HIP's own win where
// the HIP in use has them.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hip/hip_math_constants.h> // expect[hip52]: HPY201
#include <cstdio>

#define GPU_INF(T) (T)(HIP_INF) // expect[hip52,hip55]: HPY530

__device__ unsigned remquo_low_bits(int quo) {
  return quo & HIP_REMQUO_MASK_F; // expect[hip52]: HPY530
}

__global__ void init(float *f, double *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  f[i] = i == 0 ? HIP_INF_F : HIP_NAN_F; // expect[hip52]: HPY530
  d[i] = i == 0 ? GPU_INF(double) : HIP_NAN; // expect[hip52,hip55]: HPY530
  d[i] += HIP_PI_LO + HIP_TWO_TO_M1022; // expect[hip52,hip55]: HPY530
}

int main() {
  const double circle = 2.0 * HIP_PI; // expect[hip52,hip55]: HPY530
  const float half_turn = HIP_PI_F; // expect[hip52]: HPY530
  std::printf("%f %f\n", circle, half_turn);
  return 0;
}
