// Half functions HIP 7.2 declares for __half only, called on a bfloat16: reported where an
// argument shows the type. The half calls beside them are HIP's (or supplied: __hmax2_nan).
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

__global__ void clamp(const __hip_bfloat16* x, __hip_bfloat162* y, const ushort4* u, __half h,
                      __half2 h2, float* out) {
  __hip_bfloat16 a = x[0];
  __hip_bfloat162 b = y[0];
  __hip_bfloat16 s = __hadd_sat(a, x[1]);          // expect: HPY103
  __hip_bfloat162 m = __hmax2_nan(b, *y);          // expect: HPY103
  unsigned mask = __heq2_mask(b, y[1]);           // expect: HPY103
  __hip_bfloat16 l = __ldg(&x[3]);                 // expect: HPY103
  ushort4 v = __ldg(u);                           // expect: HPY103
  __half hs = __hadd_sat(h, h);
  __half2 hm = __hmax2_nan(h2, h2);
  out[0] = __bfloat162float(s) + __low2float(m) + mask + __bfloat162float(l) + v.x +
           __half2float(hs) + __low2float(hm);
}
