// CUDA 11.2 deprecated VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED as a second name of
// VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED (the same value): both are HIP's VMM attribute.
#include <cuda.h>

bool supports_vmm(CUdevice device) {
  int old_name = 0, new_name = 0;
  cuDeviceGetAttribute(&old_name, CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED, device);
  cuDeviceGetAttribute(&new_name, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, device);
  return old_name && new_name;
}
