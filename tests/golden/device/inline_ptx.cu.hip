// Inline PTX in device code is reported; host assembly and look-alikes are not.
#include <hip/hip_runtime.h>
__device__ unsigned lane_id() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));  // expect: HPY300
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

__global__ void k(unsigned *out) { out[threadIdx.x] = lane_id(); }
