// Names HIP has with another meaning are translated and reported on every use.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void timed(long long* cycles) {
  long long start = clock64();  // expect: HPY170
  cycles[threadIdx.x] = clock64() - start;  // expect: HPY170
}

bool can_overlap(int device) {
  int overlap = 0;
  hipDeviceGetAttribute(&overlap, hipDeviceAttributeAsyncEngineCount, device);  // expect: HPY170
  return overlap != 0;
}
