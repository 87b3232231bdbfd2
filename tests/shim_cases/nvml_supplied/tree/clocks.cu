// The peak memory clock of the GPU a program runs on, found by its PCI bus id.
#include <cstdio>
#include <nvml.h>

#define NVML_OR_DIE(call)                                                         \
  do {                                                                            \
    nvmlReturn_t status_ = (call);                                                \
    if (status_ != NVML_SUCCESS) {                                                \
      std::fprintf(stderr, "%s: %s (%d)\n", #call, nvmlErrorString(status_), status_); \
      return 0;                                                                   \
    }                                                                             \
  } while (0)

unsigned int peak_memory_mhz(int ordinal) {
  cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, ordinal) != cudaSuccess) return 0;
  char bus[NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE];
  std::snprintf(bus, sizeof bus, "%04x:%02x:%02x.0", prop.pciDomainID, prop.pciBusID,
                prop.pciDeviceID);
  NVML_OR_DIE(nvmlInit());
  nvmlDevice_t device;
  NVML_OR_DIE(nvmlDeviceGetHandleByPciBusId(bus, &device));
  unsigned int mhz = 0;
  NVML_OR_DIE(nvmlDeviceGetMaxClockInfo(device, NVML_CLOCK_MEM, &mhz));
  NVML_OR_DIE(nvmlShutdown());
  return mhz;
}
