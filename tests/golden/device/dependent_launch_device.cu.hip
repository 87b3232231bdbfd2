// The device side of programmatic dependent launch, in the shapes kernels use it: a statement,
// a macro, an architecture guard, a branch. HIP starts a kernel when the one before it on the
// stream has finished, so there is nothing to wait for and nothing to release early.
#include "hipify_supplied.h"
#include <hip/hip_runtime.h>

#define PDL_SYNC() ((void)0) // expect: HPY171

__global__ void scale(float *x, int n, bool first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__HIP_DEVICE_COMPILE__) && HIPIFY_PY_CUDA_ARCH >= 900 // expect: HPY502
  /* cudaGridDependencySynchronize(); */ // expect: HPY171
#endif
  if (!first) ((void)0); // expect: HPY171
  PDL_SYNC();
  if (i < n) x[i] *= 2.f;
  {
    /* cudaTriggerProgrammaticLaunchCompletion(); */ // expect: HPY171
  }
}
