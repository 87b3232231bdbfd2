// A template kernel launched with its arguments deduced is named through HIP_KERNEL_NAME, as
// hipify-clang writes it (and as the explicit form needs it); a plain kernel is not.
#include <hip/hip_runtime.h>
#include <cstddef>

template <typename T>
__global__ void
square(T* out, const T* in, std::size_t n) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

__global__ void clear(float* p) { p[threadIdx.x] = 0.f; }

void run(float* out, const float* in, std::size_t n) {
  hipLaunchKernelGGL(HIP_KERNEL_NAME(square), dim3((n + 255) / 256), dim3(256), 0, 0, out, in, n);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(square<float>), dim3(1), dim3(32), 0, 0, out, in, 32);
  hipLaunchKernelGGL(clear, dim3(1), dim3(32), 0, 0, out);
}
