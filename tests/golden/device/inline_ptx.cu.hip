// Inline PTX in device code is reported; host assembly and look-alikes are not.
#include <hip/hip_runtime.h>
__device__ unsigned warp_id() {  // (%laneid becomes __lane_id(): ptx_bitfields.cu)
  unsigned r;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(r));  // expect: HPY300
  return r;
}

__device__ __forceinline__ float add_rn(float a, float b) {
  float c;
  __asm__ __volatile__("add.rn.f32 %0, %1, %2;" : "=f"(c) : "f"(a), "f"(b));  // expect: HPY300
  return c;
}

// A macro body with PTX text, outside any function.
#define LANE_MASK_LT(r) asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r))  // expect: HPY300

// Host x86 assembly is not PTX: not reported.
static inline unsigned long long rdtsc() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return ((unsigned long long)hi << 32) | lo;
}

// Mentions in comments and strings are not code: asm("mov.u32 %0, %%laneid;")
const char *doc = "asm volatile(\"mov.u32 %0, %%laneid;\")";

__global__ void k(unsigned *out) { out[threadIdx.x] = warp_id(); }

// Other instruction sets are not PTX: RISC-V vector and scalar code on the host, and AMD GPU
// assembly in device code (already what hipcc takes). None is reported.
static inline void riscv_copy(const float* src, float* dst, unsigned long n) {
  asm volatile("vsetvli t0, %2, e32, m1\n\tvle32.v v0, (%0)\n\tvse32.v v0, (%1)\n\tfence.i"
               :: "r"(src), "r"(dst), "r"(n) : "t0", "memory");
}

__device__ void amd_wait() { asm volatile("s_waitcnt lgkmcnt(0)" ::: "memory"); }
__device__ float amd_fma(float a, float b) {
  float c;
  asm volatile("v_fma_f32 %0, %1, %2, %0" : "+v"(c) : "v"(a), "v"(b));
  return c;
}
