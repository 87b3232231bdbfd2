// curand_host_device: Monte Carlo estimate of pi with the host API and with per-thread
// device generators.
#include <cstdio>

#include <curand.h>
#include <curand_kernel.h>

#include "../common/helper_cuda.h"

#define CURAND_CALL(x)                                        \
  do {                                                        \
    if ((x) != CURAND_STATUS_SUCCESS) {                       \
      printf("cuRAND error at %s:%d\n", __FILE__, __LINE__);  \
      return EXIT_FAILURE;                                    \
    }                                                         \
  } while (0)

__global__ void setupKernel(curandState *state, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &state[id]);
}

__global__ void countInside(curandState *state, unsigned int *hits, int samples) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = state[id];
  unsigned int inside = 0;
  for (int i = 0; i < samples; ++i) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    if (x * x + y * y <= 1.0f) ++inside;
  }
  float noise = curand_normal(&local);
  (void)noise;
  state[id] = local;
  atomicAdd(hits, inside);
}

__global__ void countPairs(const float *xy, unsigned int *hits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && xy[2 * i] * xy[2 * i] + xy[2 * i + 1] * xy[2 * i + 1] <= 1.0f) atomicAdd(hits, 1u);
}

int main() {
  const int threads = 256, blocks = 64, samples = 1000;
  const int total = threads * blocks;
  curandState *devStates;
  unsigned int *devHits, hits = 0;
  checkCudaErrors(cudaMalloc(&devStates, total * sizeof(curandState)));
  checkCudaErrors(cudaMalloc(&devHits, sizeof(unsigned int)));
  checkCudaErrors(cudaMemset(devHits, 0, sizeof(unsigned int)));
  setupKernel<<<blocks, threads>>>(devStates, 1234ULL);
  countInside<<<blocks, threads>>>(devStates, devHits, samples);
  checkCudaErrors(cudaMemcpy(&hits, devHits, sizeof(unsigned int), cudaMemcpyDeviceToHost));
  printf("device API: pi ~ %f\n", 4.0 * hits / (static_cast<double>(total) * samples));

  // Host API: one generator fills a buffer of uniform pairs.
  const int n = 1 << 20;
  float *devXY;
  curandGenerator_t gen;
  checkCudaErrors(cudaMalloc(&devXY, 2 * n * sizeof(float)));
  CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  CURAND_CALL(curandGenerateUniform(gen, devXY, 2 * n));
  checkCudaErrors(cudaMemset(devHits, 0, sizeof(unsigned int)));
  countPairs<<<(n + 255) / 256, 256>>>(devXY, devHits, n);
  checkCudaErrors(cudaMemcpy(&hits, devHits, sizeof(unsigned int), cudaMemcpyDeviceToHost));
  printf("host API: pi ~ %f\n", 4.0 * hits / n);
  CURAND_CALL(curandDestroyGenerator(gen));
  checkCudaErrors(cudaFree(devXY));
  checkCudaErrors(cudaFree(devStates));
  checkCudaErrors(cudaFree(devHits));
  return 0;
}
