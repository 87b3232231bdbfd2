// A launch from device code is dynamic parallelism: reported, left as it is.
#include <hip/hip_runtime.h>

__global__ void child(int *x) { x[threadIdx.x] = 1; }

__global__ void parent(int *x) {
  if (threadIdx.x == 0) child<<<1, 32>>>(x);  // expect: HPY310
}

void go(int *d) { hipLaunchKernelGGL(parent, dim3(1), dim3(1), 0, 0, d); }
