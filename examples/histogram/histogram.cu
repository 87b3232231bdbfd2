// histogram: 256-bin histogram of bytes with shared-memory privatisation and atomics.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../common/helper_cuda.h"

#define HISTOGRAM256_BIN_COUNT 256

__global__ void histogram256Kernel(unsigned int *d_Histogram, const unsigned char *d_Data,
                                   unsigned int dataCount) {
  __shared__ unsigned int s_Hist[HISTOGRAM256_BIN_COUNT];
  for (unsigned int i = threadIdx.x; i < HISTOGRAM256_BIN_COUNT; i += blockDim.x) s_Hist[i] = 0;
  __syncthreads();
  for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
       pos += blockDim.x * gridDim.x)
    atomicAdd(&s_Hist[d_Data[pos]], 1u);
  __syncthreads();
  for (unsigned int bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT; bin += blockDim.x)
    atomicAdd(&d_Histogram[bin], s_Hist[bin]);
}

int main() {
  const unsigned int byteCount = 64 * 1048576;
  std::vector<unsigned char> h_Data(byteCount);
  for (unsigned int i = 0; i < byteCount; i++) h_Data[i] = rand() % 256;
  unsigned char *d_Data;
  unsigned int *d_Histogram;
  checkCudaErrors(cudaMalloc((void **)&d_Data, byteCount));
  checkCudaErrors(cudaMalloc((void **)&d_Histogram, HISTOGRAM256_BIN_COUNT * sizeof(unsigned int)));
  checkCudaErrors(cudaMemcpy(d_Data, h_Data.data(), byteCount, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_Histogram, 0, HISTOGRAM256_BIN_COUNT * sizeof(unsigned int)));
  histogram256Kernel<<<240, 192>>>(d_Histogram, d_Data, byteCount);
  getLastCudaError("histogram256Kernel() execution failed\n");
  std::vector<unsigned int> h_Histogram(HISTOGRAM256_BIN_COUNT);
  checkCudaErrors(cudaMemcpy(h_Histogram.data(), d_Histogram,
                             HISTOGRAM256_BIN_COUNT * sizeof(unsigned int), cudaMemcpyDeviceToHost));
  unsigned long long total = 0;
  for (unsigned int v : h_Histogram) total += v;
  printf("%llu bytes counted\n", total);
  checkCudaErrors(cudaFree(d_Histogram));
  checkCudaErrors(cudaFree(d_Data));
  return total == byteCount ? 0 : 1;
}
