// ld.global with only a cache hint reads what a plain load reads: one hipify_py_ptx_ld per
// register. A hint through a macro string is read through it; ordering qualifiers are not.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#define LOAD_STREAMING_U32 "ld.global.cs.u32"
#if HIPIFY_PY_CUDA_ARCH >= 350  // expect: HPY502
#define LOAD_PAIR "ld.global.nc.v2.u32"
#else
#define LOAD_PAIR "ld.global.v2.u32"
#endif

__device__ void load_row(const unsigned char *row, unsigned *words, int k) {
  words[0] = hipify_py_ptx_ld<unsigned char>(row, 0);  // expect: HPY530
  words[1] = hipify_py_ptx_ld<unsigned int>(row + k, 4);  // expect: HPY530
  /* expect: HPY530 */ (words[2] = hipify_py_ptx_ld<unsigned int>(row, 8), words[3] = hipify_py_ptx_ld<unsigned int>(row, 12));
  (words[5] = hipify_py_ptx_ld<unsigned int>(row, 16), words[6] = hipify_py_ptx_ld<unsigned int>(row, 20));  // expect: HPY530
  float f[4];
  /* expect: HPY530 */ (f[0] = hipify_py_ptx_ld<float>(row, 0), f[1] = hipify_py_ptx_ld<float>(row, 4), f[2] = hipify_py_ptx_ld<float>(row, 8), f[3] = hipify_py_ptx_ld<float>(row, 12));
  words[4] = (unsigned)(f[0] + f[1] + f[2] + f[3]);
}

// Left and reported: an acquire load (ordering), a bit pattern into a float register.
__device__ float left_alone(const float *flag, const unsigned *bits) {
  unsigned seen;
  float g;
  asm volatile("ld.global.acquire.gpu.u32 %0, [%1];" : "=r"(seen) : "l"(flag));  // expect: HPY300
  asm("ld.global.u32 %0, [%1];" : "=f"(g) : "l"(bits));  // expect: HPY300
  return g + seen;
}

// Stores likewise, to a generic or global address; a release store (ordering) is left.
__device__ void store_row(void *row, unsigned a, unsigned b, float f, unsigned short h) {
  (hipify_py_ptx_st<unsigned int>(row, 0, a), hipify_py_ptx_st<unsigned int>(row, 4, b));  // expect: HPY530
  hipify_py_ptx_st<float>(row, 8, f);  // expect: HPY530
  hipify_py_ptx_st<unsigned short>(row, 12, h);  // expect: HPY530
  asm volatile("st.release.gpu.u32 [%0], %1;" : : "l"(row), "r"(a));  // expect: HPY300
}
