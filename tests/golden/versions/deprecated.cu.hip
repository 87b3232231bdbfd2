// Deprecated and removed CUDA APIs are translated and reported.
#include <hip/hip_runtime.h>

int main() {
  hipDeviceSynchronize();  // expect: HPY131
  hipDeviceSetSharedMemConfig(hipSharedMemBankSizeFourByte);  // expect: HPY130
  return 0;
}
