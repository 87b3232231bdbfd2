// HIP 5.2 declares the JIT options (the reference dates them 6.4) and the PCI domain
// attribute under its older name (hipDeviceAttributePciDomainID; PciDomainId came with 7.2).
#include <cuda.h>

int options(CUmodule *module, const void *image, int device) {
  CUjit_option names[2] = {CU_JIT_MAX_REGISTERS, CU_JIT_THREADS_PER_BLOCK};
  void *values[2] = {(void *)32, (void *)256};
  int domain = 0;
  cuDeviceGetAttribute(&domain, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, device);
  return cuModuleLoadDataEx(module, image, 2, names, values) + domain;
}
