// CUDA's block-scope atomics and atomicInc/atomicDec at system scope: no HIP declares them.
// They are supplied (hipify_supplied.h): a block-scope atomic is HIP's device-scope one.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
__global__ void count(int* hits, unsigned int* ring, unsigned long long* mask, float* total,
                      unsigned int* host_counter) {
  __shared__ int local;
  if (threadIdx.x == 0) local = 0;
  __syncthreads();
  atomicAdd_block(&local, 1);                         // expect: HPY530
  atomicMax_block(hits, local);                       // expect: HPY530
  atomicOr_block(mask, 1ull << (threadIdx.x % 64));   // expect: HPY530
  atomicAdd_block(total, 0.5f);                       // expect: HPY530
  atomicCAS_block(hits + 1, 0, 1);                    // expect: HPY530
  unsigned int slot = atomicInc_block(ring, 15u);     // expect: HPY530
  atomicDec_system(host_counter, 100u);               // expect: HPY530
  atomicInc_system(host_counter + 1, slot);           // expect: HPY530
  atomicAdd(hits + 2, 1);
}
