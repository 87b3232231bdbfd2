// A file that uses an NVML name nothing supplies (nvmlDeviceGetPowerUsage and the temperature
// API) keeps its include of nvml.h, reported (HPY200), and each such name is reported on its
// line (HPY119); the names that are supplied are renamed all the same (HPY530).
#include <nvml.h> // expect: HPY200

#define NVML_CHECK(call) ((call) == NVML_SUCCESS) // expect: HPY530

unsigned int watts(unsigned int index) {
  nvmlDevice_t device; // expect: HPY530
  unsigned int milliwatts = 0, celsius = 0;
  if (!NVML_CHECK(nvmlInit())) return 0; // expect: HPY530
  if (NVML_CHECK(nvmlDeviceGetHandleByIndex(index, &device))) { // expect: HPY530
    NVML_CHECK(nvmlDeviceGetPowerUsage(device, &milliwatts)); // expect: HPY119
    NVML_CHECK(nvmlDeviceGetTemperature(device, NVML_TEMPERATURE_GPU, &celsius)); // expect: HPY119
  }
  nvmlShutdown(); // expect: HPY530
  return milliwatts / 1000;
}
