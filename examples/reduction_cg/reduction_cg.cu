// reduction_cg: the same sum with cooperative groups (thread_block, group sync).
// cg::reduce (cooperative_groups/reduce.h) is left out: HIP ships it only from 7.0.
#include <cooperative_groups.h>
#include <cstdio>

#include "../common/helper_cuda.h"

namespace cg = cooperative_groups;

__device__ float reduce_sum(cg::thread_group g, float *temp, float val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i) val += temp[lane + i];
    g.sync();
  }
  return val;
}

__global__ void sumKernel(const float *input, float *output, int n) {
  extern __shared__ float temp[];
  cg::thread_block block = cg::this_thread_block();
  float my = 0.0f;
  for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n;
       i += block.size() * gridDim.x)
    my += input[i];
  float block_sum = reduce_sum(block, temp, my);
  if (block.thread_rank() == 0) atomicAdd(output, block_sum);
}

int main() {
  const int n = 1 << 16;
  float *d_in, *d_out;
  checkCudaErrors(cudaMallocManaged(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMallocManaged(&d_out, sizeof(float)));
  for (int i = 0; i < n; ++i) d_in[i] = 1.0f;
  *d_out = 0.0f;
  const int threads = 256;
  sumKernel<<<64, threads, threads * sizeof(float)>>>(d_in, d_out, n);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("sum = %.0f\n", *d_out);
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  return 0;
}
