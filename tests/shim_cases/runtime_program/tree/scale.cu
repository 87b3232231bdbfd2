#include "helpers.cuh"

__constant__ float factor[1];

__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__CUDA_ARCH__)
  if (i < n) data[i] = twice(data[i]) * factor[0];
#endif
}

int main() {
  const int n = 256;
  float *device = nullptr, *mapped = nullptr, *host = nullptr;
  float f = 3.0f;
  CHECK(cudaMalloc(&device, n * sizeof(float)));
  CHECK(cudaMemcpyToSymbol(factor, &f, sizeof(f)));
  CHECK(cudaHostAlloc(&host, n * sizeof(float), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer(&mapped, host, 0));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  scale<<<1, n, 0, stream>>>(device, n);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(stream));
#if CUDART_VERSION >= 11000
  std::printf("CUDA 11 or newer API\n");
#endif
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFreeHost(host));
  CHECK(cudaFree(device));
  return 0;
}

void clear(float *host, int n) { memset(host, 0, n * sizeof(float)); }
