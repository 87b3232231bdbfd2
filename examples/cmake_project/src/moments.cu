#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include "stats.h"

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      std::exit(1);                                                              \
    }                                                                            \
  } while (0)

// Sum and sum of squares, one atomicAdd per block.
__global__ void sums(const float* data, std::size_t n, float* out) {
  __shared__ float s[2][256];
  float x = 0.f, xx = 0.f;
  for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    x += data[i];
    xx += data[i] * data[i];
  }
  s[0][threadIdx.x] = x;
  s[1][threadIdx.x] = xx;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      s[0][threadIdx.x] += s[0][threadIdx.x + stride];
      s[1][threadIdx.x] += s[1][threadIdx.x + stride];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    atomicAdd(&out[0], s[0][0]);
    atomicAdd(&out[1], s[1][0]);
  }
}

void device_moments(const float* data, std::size_t n, float* mean, float* variance) {
  float* d_out = nullptr;
  CHECK(cudaMalloc(&d_out, 2 * sizeof(float)));
  CHECK(cudaMemset(d_out, 0, 2 * sizeof(float)));
  sums<<<64, 256>>>(data, n, d_out);
  CHECK(cudaGetLastError());
  float h[2];
  CHECK(cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_out));
  *mean = h[0] / n;
  *variance = h[1] / n - *mean * *mean;
}
