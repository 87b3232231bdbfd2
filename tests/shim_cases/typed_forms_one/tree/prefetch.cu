#include <cuda_runtime.h>

void prefetch(float *data, size_t bytes, int device, cudaStream_t stream) {
  cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, device);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId);
  cudaMemPrefetchAsync(data, bytes, device, stream);
  cudaMemPrefetchAsync(data, bytes, cudaCpuDeviceId);
}
