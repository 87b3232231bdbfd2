// Deprecated and removed CUDA APIs are translated and reported.
#include <cuda_runtime.h>

int main() {
  cudaThreadSynchronize();  // expect: HPY131
  cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte);  // expect: HPY130
  return 0;
}
