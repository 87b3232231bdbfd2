// A project header whose NVML names are all supplied: its include of nvml.h goes (HPY201), and
// hipify_supplied.h comes in its place for the files that include it.
#pragma once
#include <nvml.h> // expect: HPY201

struct GpuHandle {
  nvmlDevice_t device; // expect: HPY530
  unsigned int index;
};

inline bool open_gpu(unsigned int index, GpuHandle *h) {
  h->index = index;
  return nvmlDeviceGetHandleByIndex(index, &h->device) == NVML_SUCCESS; // expect: HPY530
}
