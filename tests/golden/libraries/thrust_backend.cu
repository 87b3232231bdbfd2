// Thrust's CUDA backend (thrust::cuda, thrust::cuda_cub, system/cuda headers) becomes rocThrust's
// HIP backend; a name of the user's that is only spelled cuda stays.
#include <thrust/device_vector.h>
#include <thrust/system/cuda/execution_policy.h>  // expect: HPY531
#include <thrust/system/cuda/detail/util.h>  // expect: HPY531
#include <thrust/sort.h>

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
template <typename Policy>
cudaStream_t stream_of(Policy& policy) { return thrust::cuda_cub::stream(policy); }  // expect: HPY531
#endif

void sort_on(cudaStream_t s, thrust::device_vector<int>& v) {
  thrust::sort(thrust::cuda::par.on(s), v.begin(), v.end());  // expect: HPY531
  int cuda = 0;  // a variable of the user's
  (void)cuda;
}
