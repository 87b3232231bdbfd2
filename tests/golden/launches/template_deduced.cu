// A template kernel launched with its arguments deduced is named through HIP_KERNEL_NAME, as
// hipify-clang writes it (and as the explicit form needs it); a plain kernel is not.
#include <cstddef>

template <typename T>
__global__ void
square(T* out, const T* in, std::size_t n) {
  std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

__global__ void clear(float* p) { p[threadIdx.x] = 0.f; }

void run(float* out, const float* in, std::size_t n) {
  square<<<(n + 255) / 256, 256>>>(out, in, n);
  square<float><<<1, 32>>>(out, in, 32);
  clear<<<1, 32>>>(out);
}
