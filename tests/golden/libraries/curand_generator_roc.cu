// cuRAND host API: a seeded pseudo-random generator filling device memory.
#include <curand.h>

curandStatus_t fill(float *dev, size_t n, unsigned long long seed, cudaStream_t stream) {
  curandGenerator_t gen;
  curandStatus_t st = curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_XORWOW);
  if (st != CURAND_STATUS_SUCCESS) return st;
  curandSetStream(gen, stream);
  curandSetPseudoRandomGeneratorSeed(gen, seed);
  curandGenerateUniform(gen, dev, n);
  curandGenerateNormal(gen, dev, n, 0.0f, 1.0f);
  return curandDestroyGenerator(gen);
}
