// Deprecated and removed CUDA APIs are translated and reported.
#include <cuda_runtime.h>

int main() {
  cudaThreadSynchronize();  // expect: HPY130
  cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte);
  return 0;
}
