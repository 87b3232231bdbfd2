// version_guards: code that asks which CUDA it is compiled by, as real projects do.
#include <cstdio>

#include "../common/helper_cuda.h"

#if defined(__CUDACC__)
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

HOST_DEVICE inline float clamp01(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }

__global__ void archKernel(int *out) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 700)
  out[threadIdx.x] = 700;
#elif defined(__CUDA_ARCH__)
  out[threadIdx.x] = 1;
#endif
  out[threadIdx.x] += static_cast<int>(clamp01(2.0f));
}

int main() {
#if CUDART_VERSION >= 11000
  printf("built with CUDA runtime %d.%d\n", CUDART_VERSION / 1000, (CUDART_VERSION % 1000) / 10);
#else
  printf("old CUDA runtime\n");
#endif
#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 11
  printf("nvcc major %d\n", __CUDACC_VER_MAJOR__);
#endif
  int runtime = 0, driver = 0;
  checkCudaErrors(cudaRuntimeGetVersion(&runtime));
  checkCudaErrors(cudaDriverGetVersion(&driver));
  int *d_out;
  checkCudaErrors(cudaMalloc(&d_out, 32 * sizeof(int)));
  archKernel<<<1, 32>>>(d_out);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("runtime %d driver %d\n", runtime, driver);
  cudaFree(d_out);
  return 0;
}
