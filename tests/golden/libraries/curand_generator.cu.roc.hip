// cuRAND host API: a seeded pseudo-random generator filling device memory.
#include <hip/hip_runtime.h>
#include <rocrand/rocrand.h>

rocrand_status fill(float *dev, size_t n, unsigned long long seed, hipStream_t stream) {
  rocrand_generator gen;
  rocrand_status st = rocrand_create_generator(&gen, ROCRAND_RNG_PSEUDO_XORWOW);
  if (st != ROCRAND_STATUS_SUCCESS) return st;
  rocrand_set_stream(gen, stream);
  rocrand_set_seed(gen, seed);
  rocrand_generate_uniform(gen, dev, n);
  rocrand_generate_normal(gen, dev, n, 0.0f, 1.0f);
  return rocrand_destroy_generator(gen);
}
