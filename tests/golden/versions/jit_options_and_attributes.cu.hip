// HIP 5.2 declares the JIT options (the reference dates them 6.4) and the PCI domain
// attribute under its older name (hipDeviceAttributePciDomainID; PciDomainId came with 7.2).
#include <hip/hip_runtime.h>

int options(hipModule_t *module, const void *image, int device) {
  hipJitOption names[2] = {hipJitOptionMaxRegisters, hipJitOptionThreadsPerBlock};
  void *values[2] = {(void *)32, (void *)256};
  int domain = 0;
  hipDeviceGetAttribute(&domain, hipDeviceAttributePciDomainId, device);
  return hipModuleLoadDataEx(module, image, 2, names, values) + domain;
}
