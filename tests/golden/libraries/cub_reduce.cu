// CUB: a device-wide sum with the two-phase temporary-storage idiom, and a block reduce.
#include <cub/cub.cuh>

template <int BLOCK_THREADS>
__global__ void blockSum(const int *in, int *out) {
  typedef cub::BlockReduce<int, BLOCK_THREADS> BlockReduceT;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  int aggregate = BlockReduceT(temp_storage).Sum(in[blockIdx.x * BLOCK_THREADS + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = aggregate;
}

void deviceSum(const int *d_in, int *d_out, int num_items, cudaStream_t stream) {
  void *d_temp_storage = nullptr;
  size_t temp_storage_bytes = 0;
  cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  cudaMalloc(&d_temp_storage, temp_storage_bytes);
  cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream);
  cudaFree(d_temp_storage);
}
