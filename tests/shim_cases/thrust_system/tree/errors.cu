#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/system_error.h>
#include <thrust/system/cuda/error.h>
#include <thrust/system/cuda/memory_resource.h>

void check(cudaError_t error) {
  if (error != cudaSuccess)
    throw thrust::system_error(error, thrust::cuda_category(), "sort");
}

thrust::system::cuda::memory_resource device_resource;

void sort(thrust::device_vector<int> &v) {
  thrust::sort(v.begin(), v.end());
  check(cudaDeviceSynchronize());
}

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA  // expect: HPY700
const char *backend() { return "gpu"; }
#else
const char *backend() { return "host"; }
#endif
