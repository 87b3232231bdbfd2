// Cache-hinted loads and stores: HIP declares __ldca/__ldcg/__ldcs for __half and __half2
// only, and none of the stores, so a call on a float, a vector or a bfloat16 pointer kept its
// name and failed to compile, with no finding. hipify_supplied.h supplies each as a plain load
// or store (the hint dropped); HIP's half forms stay HIP's.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

struct Pair16 {
  int4 bits;
};

__device__ Pair16 load_streaming(const void* at) {
  return Pair16{__ldcs(reinterpret_cast<const int4*>(at))};  // expect: HPY530
}

__global__ void scale_streaming(float* out, const float* in, const __hip_bfloat16* w,
                                const __half* h, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = __ldcs(&in[i]) * __bfloat162float(__ldcg(&w[i]));  // expect: HPY530
    x += __half2float(__ldca(&h[i])) + __ldlu(&in[i]) + __ldcv(&in[i]);  // expect: HPY530
    __stcs(&out[i], x * factor);  // expect: HPY530
    __stcg(&out[i], 2.0 * x);  // expect: HPY530
    __stwb(&out[i], x);  // expect: HPY530
    __stwt(&out[i], x);  // expect: HPY530
  }
}
