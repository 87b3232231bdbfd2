// hipify_supplied.h: written by hipify-py; regenerated on each run, do not edit.
// CUDA functions the HIP in use may lack, written in HIP. Each is exposed only where
// that HIP does not declare it (a HIP that has it wins); hipify-py's notes (HPY530)
// mark the lines that use them.
#pragma once
#include <hip/hip_runtime.h>

// __shfl_sync: HIP's __shfl; the lanes of a wavefront run in lockstep, so the mask changes nothing a CUDA program may rely on
#if defined(__cplusplus) && defined(__HIP_PLATFORM_AMD__) && (defined(__HIPCC__) || defined(__CUDACC__)) && HIP_VERSION < 60200000
namespace hipify_py_supplied {
template <typename Mask, typename T>
__device__ inline T __shfl_sync(Mask, T var, int src_lane, int width = warpSize) {
  return __shfl(var, src_lane, width);
}
}  // namespace hipify_py_supplied
using hipify_py_supplied::__shfl_sync;
#endif

// __shfl_down_sync: HIP's __shfl_down; the lanes of a wavefront run in lockstep, so the mask changes nothing a CUDA program may rely on
#if defined(__cplusplus) && defined(__HIP_PLATFORM_AMD__) && (defined(__HIPCC__) || defined(__CUDACC__)) && HIP_VERSION < 60200000
namespace hipify_py_supplied {
template <typename Mask, typename T>
__device__ inline T __shfl_down_sync(Mask, T var, unsigned int delta, int width = warpSize) {
  return __shfl_down(var, delta, width);
}
}  // namespace hipify_py_supplied
using hipify_py_supplied::__shfl_down_sync;
#endif
