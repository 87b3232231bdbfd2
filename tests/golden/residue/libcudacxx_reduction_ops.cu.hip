// CCCL 2.8 made libcu++'s cuda::maximum<> and cuda::minimum<> CUB's reduction operators
// (cub::Max() and cub::Min() are deprecated), as bitsandbytes writes it. HIP has no libcu++: both
// are supplied with libcu++'s definitions, and <cuda/std/functional>, included for them, is
// dropped. Read as CUDA 12.0 (the cuda12 variant) the CCCL 2.8 branch is not compiled.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hipcub/hipcub.hpp>

#if 3000000 >= 2008002 // expect[cuda12]: HPY501
#define REDUCE_MAX hipify_py_maximum<> {} // expect[default]: HPY530
#else
#define REDUCE_MAX hipcub::Max()
#endif

template <int THREADS>
__global__ void absmax(const float *in, float *out, int n) {
  typedef hipcub::BlockReduce<float, THREADS> BlockReduce;
  __shared__ typename BlockReduce::TempStorage tmp;
  float v = threadIdx.x < n ? fabsf(in[threadIdx.x]) : 0.0f;
  float hi = BlockReduce(tmp).Reduce(v, REDUCE_MAX, n);
  __syncthreads();
  float lo = BlockReduce(tmp).Reduce(v, ::hipify_py_minimum<float>{}); // expect: HPY530
  if (threadIdx.x == 0) {
    out[0] = hi;
    out[1] = lo;
  }
}

template __global__ void absmax<256>(const float *, float *, int);
