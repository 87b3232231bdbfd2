// HIP has system-scope atomicAdd/CAS/... but no atomicInc_system: left and reported.
#include <cuda_runtime.h>

__global__ void count(unsigned* counter, int* total) {
  atomicInc_system(counter, 8u);  // expect: HPY103
  atomicAdd_system(total, 1);
}
