// A project macro defined before the first include: nvcc's implicit cuda_runtime.h came
// before it, so hip_runtime.h must too (HIP's own templates name a parameter T).
#include <hip/hip_runtime.h>
#define T double
#include <cstdio>

__global__ void scale(T *p) { p[threadIdx.x] *= 2; }

int main() {
  T *p = nullptr;
  hipMalloc(&p, 32 * sizeof(T));
  hipLaunchKernelGGL(scale, dim3(1), dim3(32), 0, 0, p);
  hipDeviceSynchronize();
  hipFree(p);
  std::printf("done\n");
  return 0;
}
