// HIP has system-scope atomicAdd/CAS/... but no atomicInc_system: supplied, a compare-and-swap
// loop on HIP's atomicCAS_system.
#include <cuda_runtime.h>

__global__ void count(unsigned* counter, int* total) {
  atomicInc_system(counter, 8u);  // expect: HPY530
  atomicAdd_system(total, 1);
}
