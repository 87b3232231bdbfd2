// Helper headers test CUDA's own include guards and version macros.
#ifndef HELPERS_CUH
#define HELPERS_CUH
#include "hipify_supplied.h"
#include <hip/hip_runtime.h>
#include <cstdio>

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H  // expect: HPY500
inline const char *runtime_error_name(hipError_t e) { return hipGetErrorName(e); }
#endif

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_API_H  // expect: HPY500
inline bool failed(hipError_t e) { return e != hipSuccess; }
#endif

#if 13000 >= 11000  // expect: HPY500
#define HAS_ASYNC_ALLOC 1
#endif

#ifdef __HIPCC__
#define HD __host__ __device__
#else
#define HD
#endif

HD inline int lane_id() {
#if defined(__HIP_DEVICE_COMPILE__)  // expect: HPY500
  return threadIdx.x & (warpSize - 1);
#else
  return 0;
#endif
}

#if defined(__HIP_DEVICE_COMPILE__) && HIPIFY_PY_CUDA_ARCH >= 700  // expect: HPY500, HPY502
#define HAS_INDEPENDENT_THREAD_SCHEDULING 1
#endif

#if 13 >= 11  // expect: HPY500
#define MODERN_NVCC 1
#endif

#if __CUDACC_VER_BUILD__ > 100  // expect: HPY501
#define PATCHED_NVCC 1
#endif

#endif  // HELPERS_CUH
