#pragma once
#include <cuda_runtime.h>

__device__ inline float atomicMax(float *address, float val) { // expect: HPY512, HPY700
  int *as_int = reinterpret_cast<int *>(address);
  int old = *as_int, assumed;
  do {
    assumed = old;
    old = atomicCAS(as_int, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}
