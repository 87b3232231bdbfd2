#include <cstdio>
#include <cuda_runtime.h>

int main() {
  int major = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0); // expect: HPY170
  if (major >= 7) std::printf("tensor cores\n");
  return 0;
}
