// A project header: it gets no stand-in, but the CUDA names it uses get aliases.
#pragma once
#include <cstdio>
#include <cuda_runtime.h>

#ifdef __CUDACC__
#define HD __host__ __device__
#else
#define HD
#endif

#define CHECK(call)                                                       \
  do {                                                                    \
    cudaError_t err_ = (call);                                            \
    if (err_ != cudaSuccess) {                                            \
      std::printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
    }                                                                     \
  } while (0)

HD inline float twice(float x) { return 2.0f * x; }
