#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

float total(const thrust::device_vector<float> &v, cudaStream_t stream) {
  return thrust::reduce(thrust::cuda::par.on(stream), v.begin(), v.end());
}
