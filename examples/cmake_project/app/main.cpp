#include <cuda_runtime.h>
#include <curand.h>
#include <cmath>
#include <cstdio>
#include "stats.h"

int main() {
  const std::size_t n = 1 << 20;
  float* d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return 1;
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandGenerateUniform(gen, d, n);
  float mean = 0, variance = 0;
  device_moments(d, n, &mean, &variance);
  curandDestroyGenerator(gen);
  cudaFree(d);
  // Uniform on (0, 1]: mean 1/2, variance 1/12.
  const bool ok = std::fabs(mean - 0.5f) < 0.01f && std::fabs(variance - 1.f / 12) < 0.01f;
  std::printf("mean %.4f variance %.4f: %s\n", mean, variance, ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
