// A project's own vendors/cuda.h: the one place that includes the toolkit's headers. An
// angled include never searches the including file's folder, so <cuda.h> here is CUDA's
// header, not this file.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

static inline int vendor_device_count() {
  int n = 0;
  cudaGetDeviceCount(&n);
  return n;
}
