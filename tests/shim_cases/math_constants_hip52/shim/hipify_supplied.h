// hipify_supplied.h: written by hipify-py; regenerated on each run, do not edit.
// CUDA functions the HIP in use may lack, written in HIP. Each is exposed only where
// that HIP does not declare it (a HIP that has it wins); hipify-py's notes (HPY530)
// mark the lines that use them.
#pragma once
#include <hip/hip_runtime.h>

// hipify_py_math_constants
#if 1
#if defined(__has_include)
#if __has_include(<hip/hip_math_constants.h>)
#include <hip/hip_math_constants.h>
#endif
#endif
#endif

// HIP_INF_F
#if (defined(__HIP_PLATFORM_NVIDIA__) || HIP_VERSION < 50300000)
#ifndef HIP_INF_F
#define HIP_INF_F __int_as_float(0x7f800000U)
#endif
#endif

// HIP_PI_F
#if (defined(__HIP_PLATFORM_NVIDIA__) || HIP_VERSION < 50300000)
#ifndef HIP_PI_F
#define HIP_PI_F 3.141592654F
#endif
#endif

// HIP_NAN
#if (defined(__HIP_PLATFORM_NVIDIA__) || HIP_VERSION < 50700000)
#ifndef HIP_NAN
#define HIP_NAN __longlong_as_double(0xfff8000000000000ULL)
#endif
#endif

// HIP_SQRT_HALF
#if (defined(__HIP_PLATFORM_NVIDIA__) || HIP_VERSION < 50700000)
#ifndef HIP_SQRT_HALF
#define HIP_SQRT_HALF 7.0710678118654757e-1
#endif
#endif

// HIP_PI
#if (defined(__HIP_PLATFORM_NVIDIA__) || HIP_VERSION < 50700000)
#ifndef HIP_PI
#define HIP_PI 3.1415926535897931e+0
#endif
#endif
