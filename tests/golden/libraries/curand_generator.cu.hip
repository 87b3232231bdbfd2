// cuRAND host API: a seeded pseudo-random generator filling device memory.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

hiprandStatus_t fill(float *dev, size_t n, unsigned long long seed, hipStream_t stream) {
  hiprandGenerator_t gen;
  hiprandStatus_t st = hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_XORWOW);
  if (st != HIPRAND_STATUS_SUCCESS) return st;
  hiprandSetStream(gen, stream);
  hiprandSetPseudoRandomGeneratorSeed(gen, seed);
  hiprandGenerateUniform(gen, dev, n);
  hiprandGenerateNormal(gen, dev, n, 0.0f, 1.0f);
  return hiprandDestroyGenerator(gen);
}
