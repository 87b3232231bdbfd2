// Helper headers test CUDA's own include guards and version macros.
#ifndef HELPERS_CUH
#define HELPERS_CUH
#include <cuda_runtime.h>
#include <cstdio>

#ifdef __CUDA_RUNTIME_H__  // expect: HPY500
inline const char *runtime_error_name(cudaError_t e) { return cudaGetErrorName(e); }
#endif

#ifdef __DRIVER_TYPES_H__  // expect: HPY500
inline bool failed(cudaError_t e) { return e != cudaSuccess; }
#endif

#if CUDART_VERSION >= 11000  // expect: HPY500
#define HAS_ASYNC_ALLOC 1
#endif

#ifdef __CUDACC__
#define HD __host__ __device__
#else
#define HD
#endif

HD inline int lane_id() {
#if defined(__CUDA_ARCH__)  // expect: HPY500
  return threadIdx.x & (warpSize - 1);
#else
  return 0;
#endif
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700  // expect: HPY500, HPY502
#define HAS_INDEPENDENT_THREAD_SCHEDULING 1
#endif

#if __CUDACC_VER_MAJOR__ >= 11  // expect: HPY500
#define MODERN_NVCC 1
#endif

#if __CUDACC_VER_BUILD__ > 100  // expect: HPY501
#define PATCHED_NVCC 1
#endif

#endif  // HELPERS_CUH
