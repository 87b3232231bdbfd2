// cuda_fp16.h functions HIP lacks, or lacks before a release, or has for bfloat16 only
// (HIP 7.2's __hmax2): the calls stay and hipify_supplied.h supplies them on AMD (proven
// against CUDA's own on a GPU: tests/data/supplied_proofs.json); under HIP's NVIDIA platform
// they stay CUDA's.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hip/hip_fp16.h>

__device__ __half2 clamp_pairs(__half2 v, __half2 lo, __half2 hi) {
  return __hmin2(__hmax2(v, lo), hi);  // expect: HPY530
}

__global__ void relu_scale(__half2* x, const __half2* w, const __half2* b, unsigned* masks, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half2 y = __hfma2_relu(x[i], w[i], b[i]);  // expect: HPY530
    y = __hmax2_nan(y, __hcmadd(w[i], b[i], y));  // expect: HPY530
    masks[i] = __hgt2_mask(y, x[i]) | __hleu2_mask(y, w[i]);  // expect: HPY530
    x[i] = __hadd2_rn(__hmul2_rn(y, w[i]), b[i]);  // expect[hip52]: HPY530
  }
}

__global__ void to_bytes(const __half* h, const double* d, signed char* s, unsigned char* u,
                         __half* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half v = __hmax(__double2half(d[i]), h[i]);  // expect: HPY530
    s[i] = __half2char_rz(v);  // expect: HPY530
    u[i] = __half2uchar_rz(__hmin_nan(v, h[i]));  // expect: HPY530
    out[i] = __hfma_relu(v, __hsub_rn(v, h[i]), h[i]);  // expect: HPY530
  }
}
