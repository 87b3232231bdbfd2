// hipify_supplied.h: written by hipify-py; regenerated on each run, do not edit.
// CUDA functions the HIP in use may lack, written in HIP. Each is exposed only where
// that HIP does not declare it (a HIP that has it wins); hipify-py's notes (HPY530)
// mark the lines that use them.
#pragma once
#include <hip/hip_runtime.h>
#ifdef __cplusplus
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <vector>
#endif

// hipify_py_nvmlReturn_t: NVML's return codes that the supplied functions give, with NVML's values
#if defined(__cplusplus)
namespace hipify_py_supplied {
typedef enum hipify_py_nvmlReturn_enum {
  HIPIFY_PY_NVML_SUCCESS = 0,
  HIPIFY_PY_NVML_ERROR_UNINITIALIZED = 1,
  HIPIFY_PY_NVML_ERROR_INVALID_ARGUMENT = 2,
  HIPIFY_PY_NVML_ERROR_NOT_SUPPORTED = 3,
  HIPIFY_PY_NVML_ERROR_NOT_FOUND = 6,
  HIPIFY_PY_NVML_ERROR_INSUFFICIENT_SIZE = 7,
  HIPIFY_PY_NVML_ERROR_DRIVER_NOT_LOADED = 9,
  HIPIFY_PY_NVML_ERROR_UNKNOWN = 999
} hipify_py_nvmlReturn_t;
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlReturn_t;
#endif

// HIPIFY_PY_NVML_SUCCESS: NVML's value, 0
#if defined(__cplusplus)
using hipify_py_supplied::HIPIFY_PY_NVML_SUCCESS;
#endif

// hipify_py_nvmlClockType_t: NVML's clock domains, with NVML's values
#if defined(__cplusplus)
namespace hipify_py_supplied {
typedef enum hipify_py_nvmlClockType_enum {
  HIPIFY_PY_NVML_CLOCK_GRAPHICS = 0,
  HIPIFY_PY_NVML_CLOCK_SM = 1,
  HIPIFY_PY_NVML_CLOCK_MEM = 2,
  HIPIFY_PY_NVML_CLOCK_VIDEO = 3,
  HIPIFY_PY_NVML_CLOCK_COUNT = 4
} hipify_py_nvmlClockType_t;
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlClockType_t;
#endif

// HIPIFY_PY_NVML_CLOCK_MEM: NVML's value, 2
#if defined(__cplusplus)
using hipify_py_supplied::HIPIFY_PY_NVML_CLOCK_MEM;
#endif

// HIPIFY_PY_NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE: NVML's value, 32
#if 1
#define HIPIFY_PY_NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE 32
#endif

// hipify_py_nvmlDevice_t: a GPU the HIP runtime sees, as nvmlDeviceGetHandleByIndex or ByPciBusId give it
#if defined(__cplusplus)
namespace hipify_py_supplied {
struct hipify_py_nvmlDevice_st {
  int ordinal;  // the HIP device
  unsigned int domain, bus, device;  // its PCI location
};
typedef hipify_py_nvmlDevice_st* hipify_py_nvmlDevice_t;
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlDevice_t;
#endif

// hipify_py_nvml_refs
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline std::atomic<int>& hipify_py_nvml_refs() {
  static std::atomic<int> refs(0);
  return refs;
}
}  // namespace hipify_py_supplied
#endif

// hipify_py_nvmlInit: as NVML's nvmlInit_v2: counted (each nvmlShutdown undoes one); NVML_ERROR_DRIVER_NOT_LOADED where the HIP runtime finds no GPU or driver
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline hipify_py_nvmlReturn_t hipify_py_nvmlInit() {
  int count = 0;
  const hipError_t status = hipGetDeviceCount(&count);
  if (status == hipErrorNoDevice || status == hipErrorInsufficientDriver)
    return HIPIFY_PY_NVML_ERROR_DRIVER_NOT_LOADED;
  if (status != hipSuccess) return HIPIFY_PY_NVML_ERROR_UNKNOWN;
  ++hipify_py_nvml_refs();
  return HIPIFY_PY_NVML_SUCCESS;
}
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlInit;
#endif

// hipify_py_nvmlShutdown: undoes one nvmlInit; NVML_ERROR_UNINITIALIZED where none is left
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline hipify_py_nvmlReturn_t hipify_py_nvmlShutdown() {
  std::atomic<int>& refs = hipify_py_nvml_refs();
  int now = refs.load();
  while (now > 0 && !refs.compare_exchange_weak(now, now - 1)) {
  }
  return now > 0 ? HIPIFY_PY_NVML_SUCCESS : HIPIFY_PY_NVML_ERROR_UNINITIALIZED;
}
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlShutdown;
#endif

// hipify_py_nvmlErrorString: NVML's strings for the codes the supplied functions return
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline const char* hipify_py_nvmlErrorString(hipify_py_nvmlReturn_t result) {
  switch (result) {
    case HIPIFY_PY_NVML_SUCCESS: return "Success";
    case HIPIFY_PY_NVML_ERROR_UNINITIALIZED: return "Uninitialized";
    case HIPIFY_PY_NVML_ERROR_INVALID_ARGUMENT: return "Invalid Argument";
    case HIPIFY_PY_NVML_ERROR_NOT_SUPPORTED: return "Not Supported";
    case HIPIFY_PY_NVML_ERROR_NOT_FOUND: return "Not Found";
    case HIPIFY_PY_NVML_ERROR_INSUFFICIENT_SIZE: return "Insufficient Size";
    case HIPIFY_PY_NVML_ERROR_DRIVER_NOT_LOADED: return "Driver Not Loaded";
    default: return "Unknown Error";
  }
}
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlErrorString;
#endif

// hipify_py_nvml_parse_bus_id
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline bool hipify_py_nvml_parse_bus_id(const char* text, unsigned int* domain,
                                        unsigned int* bus, unsigned int* device,
                                        unsigned int* function) {
  unsigned int a = 0, b = 0, c = 0, d = 0;
  char after = 0;
  if (std::sscanf(text, "%x:%x:%x.%x%c", &a, &b, &c, &d, &after) == 4) {
    *domain = a, *bus = b, *device = c, *function = d;
    return true;
  }
  if (std::sscanf(text, "%x:%x:%x%c", &a, &b, &c, &after) == 3) {
    *domain = a, *bus = b, *device = c, *function = 0;
    return true;
  }
  if (std::sscanf(text, "%x:%x.%x%c", &a, &b, &c, &after) == 3) {
    *domain = 0, *bus = a, *device = b, *function = c;
    return true;
  }
  return false;
}
}  // namespace hipify_py_supplied
#endif

// hipify_py_nvml_devices
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline bool hipify_py_nvml_pci_before(const hipify_py_nvmlDevice_st& x,
                                      const hipify_py_nvmlDevice_st& y) {
  if (x.domain != y.domain) return x.domain < y.domain;
  if (x.bus != y.bus) return x.bus < y.bus;
  if (x.device != y.device) return x.device < y.device;
  return x.ordinal < y.ordinal;
}
inline std::vector<hipify_py_nvmlDevice_st>& hipify_py_nvml_devices() {
  static std::vector<hipify_py_nvmlDevice_st> devices = [] {
    std::vector<hipify_py_nvmlDevice_st> found;
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess) return found;
    for (int i = 0; i < count; ++i) {
      hipify_py_nvmlDevice_st d = {i, 0u, 0u, 0u};
      char id[64] = {0};
      unsigned int function = 0;
      if (hipDeviceGetPCIBusId(id, static_cast<int>(sizeof id), i) == hipSuccess)
        hipify_py_nvml_parse_bus_id(id, &d.domain, &d.bus, &d.device, &function);
      found.push_back(d);
    }
    std::sort(found.begin(), found.end(), hipify_py_nvml_pci_before);
    return found;
  }();
  return devices;
}
}  // namespace hipify_py_supplied
#endif

// hipify_py_nvmlDeviceGetHandleByPciBusId: NVML's bus-id forms (domain:bus:device.function, domain:bus:device, bus:device.function, in hexadecimal, an 8-digit domain too; function 0) matched against each GPU's hipDeviceGetPCIBusId
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline hipify_py_nvmlReturn_t hipify_py_nvmlDeviceGetHandleByPciBusId(
    const char* pciBusId, hipify_py_nvmlDevice_t* device) {
  if (hipify_py_nvml_refs().load() <= 0) return HIPIFY_PY_NVML_ERROR_UNINITIALIZED;
  unsigned int domain = 0, bus = 0, slot = 0, function = 0;
  if (pciBusId == nullptr || device == nullptr ||
      !hipify_py_nvml_parse_bus_id(pciBusId, &domain, &bus, &slot, &function) ||
      function != 0)  // (a GPU is function 0; NVML calls any other an invalid argument)
    return HIPIFY_PY_NVML_ERROR_INVALID_ARGUMENT;
  std::vector<hipify_py_nvmlDevice_st>& all = hipify_py_nvml_devices();
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (all[k].domain == domain && all[k].bus == bus && all[k].device == slot) {
      *device = &all[k];
      return HIPIFY_PY_NVML_SUCCESS;
    }
  }
  return HIPIFY_PY_NVML_ERROR_NOT_FOUND;
}
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlDeviceGetHandleByPciBusId;
#endif

// hipify_py_nvml_ordinal
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline int hipify_py_nvml_ordinal(hipify_py_nvmlDevice_t device) {
  std::vector<hipify_py_nvmlDevice_st>& all = hipify_py_nvml_devices();
  for (std::size_t k = 0; k < all.size(); ++k)
    if (device == &all[k]) return all[k].ordinal;
  return -1;
}
}  // namespace hipify_py_supplied
#endif

// hipify_py_nvmlDeviceGetMaxClockInfo: the peak clocks HIP reports, in MHz: hipDeviceAttributeClockRate for NVML_CLOCK_GRAPHICS and NVML_CLOCK_SM, hipDeviceAttributeMemoryClockRate for NVML_CLOCK_MEM; NVML_CLOCK_VIDEO gives NVML_ERROR_NOT_SUPPORTED
#if defined(__cplusplus)
namespace hipify_py_supplied {
inline hipify_py_nvmlReturn_t hipify_py_nvmlDeviceGetMaxClockInfo(
    hipify_py_nvmlDevice_t device, hipify_py_nvmlClockType_t type, unsigned int* clock) {
  if (hipify_py_nvml_refs().load() <= 0) return HIPIFY_PY_NVML_ERROR_UNINITIALIZED;
  const int ordinal = hipify_py_nvml_ordinal(device);
  if (ordinal < 0 || clock == nullptr) return HIPIFY_PY_NVML_ERROR_INVALID_ARGUMENT;
  hipDeviceAttribute_t attribute;
  switch (type) {
    case HIPIFY_PY_NVML_CLOCK_GRAPHICS:
    case HIPIFY_PY_NVML_CLOCK_SM: attribute = hipDeviceAttributeClockRate; break;
    case HIPIFY_PY_NVML_CLOCK_MEM: attribute = hipDeviceAttributeMemoryClockRate; break;
    case HIPIFY_PY_NVML_CLOCK_VIDEO: return HIPIFY_PY_NVML_ERROR_NOT_SUPPORTED;
    default: return HIPIFY_PY_NVML_ERROR_INVALID_ARGUMENT;
  }
  int khz = 0;
  if (hipDeviceGetAttribute(&khz, attribute, ordinal) != hipSuccess || khz <= 0)
    return HIPIFY_PY_NVML_ERROR_NOT_SUPPORTED;
  *clock = static_cast<unsigned int>((khz + 500) / 1000);
  return HIPIFY_PY_NVML_SUCCESS;
}
}  // namespace hipify_py_supplied
using hipify_py_supplied::hipify_py_nvmlDeviceGetMaxClockInfo;
#endif
