// Launch forms: two to four configuration arguments, templates, qualified names, multi-line args.
#include <cuda_runtime.h>

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

void launch(float *d, int n, cudaStream_t s) {
  dim3 grid((n + 255) / 256), block(256);
  scale<<<grid, block>>>(d, 2.0f, n);
  scale<<<(n + 255) / 256, 256, 0, s>>>(d, 2.0f, n);
  scale<<<dim3(4), dim3(64), 128>>>(d, 0.5f,
                                    n);  // arguments keep their layout
  fill<float, 256><<<grid, 256, 0, s>>>(d, 1.0f, n);
  kernels::zero<<<1, 32>>>(d);
}
