// CUDA's include guards, tested by helper headers to mean "that header was included", become
// guards that hold on AMD and on NVIDIA alike: each test below must pass under hipcc and under
// nvcc with HIP's NVIDIA layer (HIP_INCLUDE_HIP_DRIVER_TYPES_H, the guard of AMD's
// hip/driver_types.h, is never defined there).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <vector_types.h>

#ifndef __CUDA_RUNTIME_H__  // expect: HPY500
#error the runtime guard does not hold
#endif
#ifndef __CUDA_RUNTIME_API_H__  // expect: HPY500
#error the runtime API guard does not hold
#endif
#ifndef __DRIVER_TYPES_H__  // expect: HPY500
#error the driver types guard does not hold
#endif
#ifndef __VECTOR_TYPES_H__  // expect: HPY500
#error the vector types guard does not hold
#endif
#if !defined(__CUDA_FP16_H__)  // expect: HPY500
#error the half type guard does not hold
#endif

#ifdef __DRIVER_TYPES_H__  // expect: HPY500
// A helper's error check, defined only where the runtime's types are known.
inline int check(cudaError_t result) { return result == cudaSuccess ? 0 : 1; }
#endif

int main() { return check(cudaDeviceSynchronize()); }
