// CUDA 11.2 deprecated VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED as a second name of
// VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED (the same value): both are HIP's VMM attribute.
#include <hip/hip_runtime.h>

bool supports_vmm(hipDevice_t device) {
  int old_name = 0, new_name = 0;
  hipDeviceGetAttribute(&old_name, hipDeviceAttributeVirtualMemoryManagementSupported, device);
  hipDeviceGetAttribute(&new_name, hipDeviceAttributeVirtualMemoryManagementSupported, device);
  return old_name && new_name;
}
