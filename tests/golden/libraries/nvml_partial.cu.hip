// A file that uses an NVML name nothing supplies (nvmlDeviceGetPowerUsage and the temperature
// API) keeps its include of nvml.h, reported (HPY200), and each such name is reported on its
// line (HPY119); the names that are supplied are renamed all the same (HPY530).
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <nvml.h> // expect: HPY200

#define NVML_CHECK(call) ((call) == HIPIFY_PY_NVML_SUCCESS) // expect: HPY530

unsigned int watts(unsigned int index) {
  hipify_py_nvmlDevice_t device; // expect: HPY530
  unsigned int milliwatts = 0, celsius = 0;
  if (!NVML_CHECK(hipify_py_nvmlInit())) return 0; // expect: HPY530
  if (NVML_CHECK(hipify_py_nvmlDeviceGetHandleByIndex(index, &device))) { // expect: HPY530
    NVML_CHECK(nvmlDeviceGetPowerUsage(device, &milliwatts)); // expect: HPY119
    NVML_CHECK(nvmlDeviceGetTemperature(device, NVML_TEMPERATURE_GPU, &celsius)); // expect: HPY119
  }
  hipify_py_nvmlShutdown(); // expect: HPY530
  return milliwatts / 1000;
}
