// Deprecated and removed CUDA APIs are translated with a warning; HIP APIs that HIP itself
// deprecates are flagged; experimental HIP APIs are left without --experimental.
#include <hip/hip_runtime.h>

texture<float, 1, hipReadModeElementType> tex;  // expect: HPY131

void status(const float *d, size_t n, hipStream_t stream) {
  size_t offset = 0;
  hipBindTexture(&offset, tex, d, n * sizeof(float));  // expect: HPY131, HPY132
  hipDeviceSynchronize();  // expect: HPY131
  hipDeviceSetSharedMemConfig(hipSharedMemBankSizeFourByte);  // expect: HPY130
  cudaClusterSchedulingPolicy policy = cudaClusterSchedulingPolicyDefault;  // expect: HPY140
  (void)policy;
}
