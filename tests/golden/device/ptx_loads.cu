// ld.global with only a cache hint reads what a plain load reads: one hipify_py_ptx_ld per
// register. A hint through a macro string is read through it; ordering qualifiers are not.
#define LOAD_STREAMING_U32 "ld.global.cs.u32"
#if __CUDA_ARCH__ >= 350  // expect: HPY502
#define LOAD_PAIR "ld.global.nc.v2.u32"
#else
#define LOAD_PAIR "ld.global.v2.u32"
#endif

__device__ void load_row(const unsigned char *row, unsigned *words, int k) {
  asm("ld.global.nc.u8 {%0}, [%1];" : "=r"(words[0]) : "l"(row));  // expect: HPY530
  asm(LOAD_STREAMING_U32 " %0, [%1 + 4];" : "=r"(words[1]) : "l"(row + k));  // expect: HPY530
  asm volatile("ld.global.cs.v2.u32 {%0, %1}, [%2 + 8];"  // expect: HPY530
               : "=r"(words[2]), "=r"(words[3])
               : "l"(row));
  asm(LOAD_PAIR " {%0, %1}, [%2 + 16];" : "=r"(words[5]), "=r"(words[6]) : "l"(row));  // expect: HPY530
  float f[4];
  asm("ld.global.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];"  // expect: HPY530
      : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3]) : "l"(row));
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
  asm("st.v2.u32 [%0], {%1, %2};" : : "l"(row), "r"(a), "r"(b));  // expect: HPY530
  asm volatile("st.global.cs.f32 [%0 + 8], %1;" :: "l"(row), "f"(f));  // expect: HPY530
  asm("st.global.u16 [%1 + 12], %0;" : : "h"(h), "l"(row));  // expect: HPY530
  asm volatile("st.release.gpu.u32 [%0], %1;" : : "l"(row), "r"(a));  // expect: HPY300
}
