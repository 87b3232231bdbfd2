// CUDA's include guards, tested by helper headers to mean "that header was included", become
// guards that hold on AMD and on NVIDIA alike: each test below must pass under hipcc and under
// nvcc with HIP's NVIDIA layer (HIP_INCLUDE_HIP_DRIVER_TYPES_H, the guard of AMD's
// hip/driver_types.h, is never defined there).
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_vector_types.h>

#ifndef HIP_INCLUDE_HIP_HIP_RUNTIME_H  // expect: HPY500
#error the runtime guard does not hold
#endif
#ifndef HIP_INCLUDE_HIP_HIP_RUNTIME_API_H  // expect: HPY500
#error the runtime API guard does not hold
#endif
#ifndef HIP_INCLUDE_HIP_HIP_RUNTIME_API_H  // expect: HPY500
#error the driver types guard does not hold
#endif
#ifndef HIP_INCLUDE_HIP_HIP_VECTOR_TYPES_H  // expect: HPY500
#error the vector types guard does not hold
#endif
#if !defined(HIP_INCLUDE_HIP_HIP_FP16_H)  // expect: HPY500
#error the half type guard does not hold
#endif

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_API_H  // expect: HPY500
// A helper's error check, defined only where the runtime's types are known.
inline int check(hipError_t result) { return result == hipSuccess ? 0 : 1; }
#endif

int main() { return check(hipDeviceSynchronize()); }
