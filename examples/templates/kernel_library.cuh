// kernel_library.cuh: a small header-only library of templated kernels and functors.
#pragma once

#include <cuda_runtime.h>

namespace kernels {

struct Square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};

template <typename T>
struct Saxpy {
  T a;
  __host__ __device__ T operator()(T x, T y) const { return a * x + y; }
};

// Applies a unary functor element-wise; VEC elements per thread.
template <typename T, int VEC, typename Op>
__global__ void transform(const T *__restrict__ in, T *__restrict__ out, int n, Op op) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * VEC;
#pragma unroll
  for (int v = 0; v < VEC; ++v) {
    int i = base + v;
    if (i < n) out[i] = op(in[i]);
  }
}

template <typename T, typename Op>
__global__ void zip(const T *x, const T *y, T *out, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(x[i], y[i]);
}

// Host-side launcher: picks the grid from n and the vector width.
template <typename T, int VEC, typename Op>
cudaError_t launch_transform(const T *in, T *out, int n, Op op, cudaStream_t stream = 0) {
  const int threads = 128;
  const int blocks = (n + threads * VEC - 1) / (threads * VEC);
  transform<T, VEC, Op><<<blocks, threads, 0, stream>>>(in, out, n, op);
  return cudaGetLastError();
}

}  // namespace kernels
