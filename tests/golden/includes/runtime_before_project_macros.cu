// A project macro defined before the first include: nvcc's implicit cuda_runtime.h came
// before it, so hip_runtime.h must too (HIP's own templates name a parameter T).
#define T double
#include <cstdio>

__global__ void scale(T *p) { p[threadIdx.x] *= 2; }

int main() {
  T *p = nullptr;
  cudaMalloc(&p, 32 * sizeof(T));
  scale<<<1, 32>>>(p);
  cudaDeviceSynchronize();
  cudaFree(p);
  std::printf("done\n");
  return 0;
}
