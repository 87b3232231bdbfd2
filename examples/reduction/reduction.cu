// reduction: sum of an array with warp shuffles, one partial sum per block.
// Written for any warp width: the warp size comes from warpSize, the mask from __activemask().
// (HIP has the *_sync shuffles from 6.2; for an older HIP the translation falls back to
// __shfl_down and reports the dropped mask, HPY160.)
#include <cstdio>
#include <vector>

#include "../common/helper_cuda.h"

__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(__activemask(), val, offset);
  return val;
}

__inline__ __device__ float blockReduceSum(float val) {
  static __shared__ float shared[64];  // one slot per warp: enough for 1024 threads of 16+ lanes
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0.0f;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void deviceReduceKernel(const float *in, float *out, int N) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

int main() {
  const int N = 1 << 20;
  std::vector<float> h_in(N, 1.0f);
  float *d_in, *d_out;
  const int threads = 512;
  const int blocks = 256;
  checkCudaErrors(cudaMalloc(&d_in, N * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, blocks * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  deviceReduceKernel<<<blocks, threads>>>(d_in, d_out, N);
  deviceReduceKernel<<<1, 1024>>>(d_out, d_out, blocks);
  getLastCudaError("reduction failed");
  float result = 0;
  checkCudaErrors(cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  printf("sum = %.0f (expected %d)\n", result, N);
  cudaFree(d_in);
  cudaFree(d_out);
  return result == N ? 0 : 1;
}
