// __CUDA_ARCH__ tested for definedness becomes a device-compilation test; its value becomes
// 600 in device code and 0 in host code, as nvcc's host pass saw it.
#include <hip/hip_runtime.h>

struct Buffer {
  enum {
#ifdef __HIP_DEVICE_COMPILE__  // expect: HPY500
    BANKS = (((__HIP_DEVICE_COMPILE__ * 600) >= 200) ? 32 : 16),  // expect: HPY502
#else
    BANKS = 16,
#endif
  };
};

__device__ float add_one(float* p, float v) {
#if (__HIP_DEVICE_COMPILE__ * 600) >= 600  // expect: HPY502
  return atomicAdd(p, v);
#else
  return *p += v;
#endif
}

#if defined(__HIP_DEVICE_COMPILE__) && (__HIP_DEVICE_COMPILE__ * 600) >= 700  // expect: HPY500, HPY502
#define HAS_INDEPENDENT_THREAD_SCHEDULING 1
#endif
