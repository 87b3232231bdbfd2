// CUB: a device-wide sum with the two-phase temporary-storage idiom, and a block reduce.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

template <int BLOCK_THREADS>
__global__ void blockSum(const int *in, int *out) {
  typedef hipcub::BlockReduce<int, BLOCK_THREADS> BlockReduceT;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  int aggregate = BlockReduceT(temp_storage).Sum(in[blockIdx.x * BLOCK_THREADS + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = aggregate;
}

void deviceSum(const int *d_in, int *d_out, int num_items, hipStream_t stream) {
  void *d_temp_storage = nullptr;
  size_t temp_storage_bytes = 0;
  hipcub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  hipMalloc(&d_temp_storage, temp_storage_bytes);
  hipcub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  hipFree(d_temp_storage);
}
