// Launch forms: two to four configuration arguments, templates, qualified names, multi-line args.
#include <hip/hip_runtime.h>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

template <typename T, int BLOCK>
__global__ void fill(T *x, T v, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) x[i] = v;
}

namespace kernels {
__global__ void zero(float *x) { x[threadIdx.x] = 0.f; }
}  // namespace kernels

void launch(float *d, int n, hipStream_t s) {
  dim3 grid((n + 255) / 256), block(256);
  hipLaunchKernelGGL(scale, dim3(grid), dim3(block), 0, 0, d, 2.0f, n);
  hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, s, d, 2.0f, n);
  hipLaunchKernelGGL(scale, dim3(4), dim3(64), 128, 0, d, 0.5f,
                                    n);  // arguments keep their layout
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<float, 256>), dim3(grid), dim3(256), 0, s, d, 1.0f, n);
  hipLaunchKernelGGL(kernels::zero, dim3(1), dim3(32), 0, 0, d);
}
