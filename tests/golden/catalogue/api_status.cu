// Deprecated and removed CUDA APIs are translated with a warning; HIP APIs that HIP itself
// deprecates are flagged; experimental HIP APIs are left without --experimental.
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> tex;  // expect: HPY131

void status(const float *d, size_t n, cudaStream_t stream) {
  size_t offset = 0;
  cudaBindTexture(&offset, tex, d, n * sizeof(float));  // expect: HPY131, HPY132
  cudaThreadSynchronize();  // expect: HPY131
  cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte);  // expect: HPY130
  cudaClusterSchedulingPolicy policy = cudaClusterSchedulingPolicyDefault;  // expect: HPY140
  (void)policy;
}
