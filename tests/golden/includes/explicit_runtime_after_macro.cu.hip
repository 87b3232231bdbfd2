/* The file includes the runtime itself, but after its own macro: in CUDA that include was a
   no-op (nvcc's implicit one came first); renamed in place it would see `T`. */
#include <hip/hip_runtime.h>
#define T float
#include <cstdio>

__global__ void fill(T *p, T v) { p[blockIdx.x] = v; }

int main() {
  T *p = nullptr;
  hipMalloc(&p, 4 * sizeof(T));
  hipLaunchKernelGGL(fill, dim3(4), dim3(1), 0, 0, p, T(1));
  hipFree(p);
  return 0;
}
