// Code written before CUDA 13 passes a device to cudaMemAdvise and cudaMemPrefetchAsync: read
// as CUDA 13 by default, each call still becomes the HIP function that takes a device,
// silently, because the argument shows it. HIP 5.2 has these. (The driver's forms are in
// memadvise_forms: HIP's NVIDIA platform types hipDeviceptr_t as an integer there.)
#include <cuda_runtime.h>

struct Options {
  int device;
};

void prefetch_all(float* data, size_t bytes, int device, const Options& options,
                  const int* devices, cudaStream_t stream) {
  cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, device);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, 0);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, options.device);
  cudaMemAdvise(data, bytes, cudaMemAdviseUnsetAccessedBy, devices[1]);
  cudaMemAdvise(data, bytes, cudaMemAdviseUnsetAccessedBy, (int)(device + 1));
  cudaMemPrefetchAsync(data, bytes, device, stream);
  cudaMemPrefetchAsync(data, bytes, device);
  cudaMemPrefetchAsync(data, bytes, cudaCpuDeviceId, 0);
}
