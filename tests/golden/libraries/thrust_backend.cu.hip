// Thrust's CUDA backend (thrust::cuda, thrust::cuda_cub, system/cuda headers) becomes rocThrust's
// HIP backend; a name of the user's that is only spelled cuda stays.
#include <hip/hip_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/system/hip/execution_policy.h>  // expect: HPY531
#include <thrust/system/hip/detail/util.h>  // expect: HPY531
#include <thrust/sort.h>

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_HIP
template <typename Policy>
hipStream_t stream_of(Policy& policy) { return thrust::hip_rocprim::stream(policy); }  // expect: HPY531
#endif

void sort_on(hipStream_t s, thrust::device_vector<int>& v) {
  thrust::sort(thrust::hip::par.on(s), v.begin(), v.end());  // expect: HPY531
  int cuda = 0;  // a variable of the user's
  (void)cuda;
}
