// __CUDA_ARCH__ tested for definedness becomes a device-compilation test; its value becomes
// HIPIFY_PY_CUDA_ARCH (hipify_supplied.h): nvcc's own under HIP's NVIDIA layer, so the sm_70
// path below stays there; on AMD 600 in device code and 0 in host code, as nvcc's host pass saw.
#include "hipify_supplied.h"
#include <hip/hip_runtime.h>

struct Buffer {
  enum {
#ifdef __HIP_DEVICE_COMPILE__  // expect: HPY500
    BANKS = ((HIPIFY_PY_CUDA_ARCH >= 200) ? 32 : 16),  // expect: HPY502
#else
    BANKS = 16,
#endif
  };
};

__device__ float add_one(float* p, float v) {
#if HIPIFY_PY_CUDA_ARCH >= 600  // expect: HPY502
  return atomicAdd(p, v);
#else
  return *p += v;
#endif
}

#if defined(__HIP_DEVICE_COMPILE__) && HIPIFY_PY_CUDA_ARCH >= 700  // expect: HPY500, HPY502
#define HAS_INDEPENDENT_THREAD_SCHEDULING 1
#endif
