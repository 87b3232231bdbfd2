// A kernel named through a macro whose body has template arguments is wrapped in
// HIP_KERNEL_NAME(...), as a written template-id is: hipLaunchKernelGGL is a macro too.
#include <hip/hip_runtime.h>

template <typename T, int N>
__global__ void scale(T *x, T a) {
  x[threadIdx.x % N] *= a;
}

__global__ void plain(float *x) { x[threadIdx.x] = 0.f; }

#define SCALE_KERNEL scale<float, 4>
#define PLAIN_KERNEL plain

void run(float *x) {
  hipLaunchKernelGGL(HIP_KERNEL_NAME(SCALE_KERNEL), dim3(1), dim3(32), 0, 0, x, 2.f);
  hipLaunchKernelGGL(PLAIN_KERNEL, dim3(1), dim3(32), 0, 0, x);
}
