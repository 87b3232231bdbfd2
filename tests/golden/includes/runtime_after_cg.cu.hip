// hip_cooperative_groups.h (HIP 5.2) is not self-contained: hip_runtime.h must come first even
// when the CUDA file included cooperative_groups.h before cuda_runtime.h.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

__global__ void k(int *x) {
  cooperative_groups::thread_block b = cooperative_groups::this_thread_block();
  x[b.thread_rank()] = 0;
}
