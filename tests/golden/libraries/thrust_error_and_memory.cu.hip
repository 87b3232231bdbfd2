// Thrust's CUDA error category and device memory resources, under the names rocThrust gives
// its HIP backend.
#include <hip/hip_runtime.h>
#include <thrust/system_error.h>
#include <thrust/system/hip/error.h>  // expect: HPY531
#include <thrust/system/hip/memory_resource.h>  // expect: HPY531
#include <thrust/device_vector.h>
#include <string>

void check(hipError_t error, const std::string &what) {
  if (error != hipSuccess)
    throw thrust::system_error(error, thrust::hip_category(), what);  // expect: HPY531
}

void check_system(hipError_t error) {
  if (error != hipSuccess)
    throw thrust::system_error(error, thrust::system::hip_category());  // expect: HPY531
}

extern "C" hipError_t free_ignoring_shutdown(void *ptr) {
  hipError_t const err = hipFree(ptr);
  return err == hipErrorDeinitialized ? hipSuccess : err;
}

typedef thrust::system::hip::detail::hip_memory_resource<  // expect: HPY531
    hipMalloc, free_ignoring_shutdown, thrust::hip::pointer<void>>  // expect: HPY531
    quiet_memory_resource;

thrust::system::hip::memory_resource default_resource;  // expect: HPY531

struct cuda_category {  // a name of the user's
  int cuda_memory_resource = 0;
};
