// With --skip-excluded-preprocessor-conditional-blocks an #if branch the CUDA release (12.6
// here) does not compile is left as written. With --amap as well, as hipify-clang's --amap,
// the CUDA names in it are renamed all the same; what needs the parse (launches, call
// arguments) is not done there either way.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void zero(float* p) { p[threadIdx.x] = 0.0f; }

#if CUDART_VERSION < 10000
static void reset(float* p) {
  cudaThreadSynchronize();  // expect[amap]: HPY131
  zero<<<1, 32>>>(p);
  if (cudaGetLastError() != cudaSuccess) std::printf("cudaGetLastError failed\n");
}
#else
static void reset(float* p) {
  cudaDeviceSynchronize();
  zero<<<1, 32>>>(p);
  if (cudaGetLastError() != cudaSuccess) std::printf("cudaGetLastError failed\n");
}
#endif

int main() {
  float* p = nullptr;
  cudaMalloc(&p, 32 * sizeof(float));
  reset(p);
  cudaFree(p);
  return 0;
}
