// Code written before CUDA 13 passes a device to cudaMemAdvise and cudaMemPrefetchAsync: read
// as CUDA 13 by default, each call still becomes the HIP function that takes a device,
// silently, because the argument shows it. HIP 5.2 has these. (The driver's forms are in
// memadvise_forms: HIP's NVIDIA platform types hipDeviceptr_t as an integer there.)
#include <hip/hip_runtime.h>

struct Options {
  int device;
};

void prefetch_all(float* data, size_t bytes, int device, const Options& options,
                  const int* devices, hipStream_t stream) {
  hipMemAdvise(data, bytes, hipMemAdviseSetReadMostly, device);
  hipMemAdvise(data, bytes, hipMemAdviseSetPreferredLocation, hipCpuDeviceId);
  hipMemAdvise(data, bytes, hipMemAdviseSetAccessedBy, 0);
  hipMemAdvise(data, bytes, hipMemAdviseSetAccessedBy, options.device);
  hipMemAdvise(data, bytes, hipMemAdviseUnsetAccessedBy, devices[1]);
  hipMemAdvise(data, bytes, hipMemAdviseUnsetAccessedBy, (int)(device + 1));
  hipMemPrefetchAsync(data, bytes, device, stream);
  hipMemPrefetchAsync(data, bytes, device);
  hipMemPrefetchAsync(data, bytes, hipCpuDeviceId, 0);
}
