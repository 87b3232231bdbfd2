// A project header whose NVML names are all supplied: its include of nvml.h goes (HPY201), and
// hipify_supplied.h comes in its place for the files that include it.
#pragma once
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"

struct GpuHandle {
  hipify_py_nvmlDevice_t device; // expect: HPY530
  unsigned int index;
};

inline bool open_gpu(unsigned int index, GpuHandle *h) {
  h->index = index;
  return hipify_py_nvmlDeviceGetHandleByIndex(index, &h->device) == HIPIFY_PY_NVML_SUCCESS; // expect: HPY530
}
