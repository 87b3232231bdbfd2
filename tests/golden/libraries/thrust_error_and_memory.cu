// Thrust's CUDA error category and device memory resources, under the names rocThrust gives
// its HIP backend.
#include <cuda_runtime.h>
#include <thrust/system_error.h>
#include <thrust/system/cuda/error.h>  // expect: HPY531
#include <thrust/system/cuda/memory_resource.h>  // expect: HPY531
#include <thrust/device_vector.h>
#include <string>

void check(cudaError_t error, const std::string &what) {
  if (error != cudaSuccess)
    throw thrust::system_error(error, thrust::cuda_category(), what);  // expect: HPY531
}

void check_system(cudaError_t error) {
  if (error != cudaSuccess)
    throw thrust::system_error(error, thrust::system::cuda_category());  // expect: HPY531
}

extern "C" cudaError_t free_ignoring_shutdown(void *ptr) {
  cudaError_t const err = cudaFree(ptr);
  return err == cudaErrorCudartUnloading ? cudaSuccess : err;
}

typedef thrust::system::cuda::detail::cuda_memory_resource<  // expect: HPY531
    cudaMalloc, free_ignoring_shutdown, thrust::cuda::pointer<void>>  // expect: HPY531
    quiet_memory_resource;

thrust::system::cuda::memory_resource default_resource;  // expect: HPY531

struct cuda_category {  // a name of the user's
  int cuda_memory_resource = 0;
};
