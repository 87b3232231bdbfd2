// Inline PTX with an exact C++ form is rewritten: bit-field extract and insert (hipify_py_ptx_*,
// the PTX ISA's results for every input) and the lane id. Other PTX is left and reported.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <cstdint>

#define EXTRACT_BITS(DST, SRC, FIRST, COUNT) \
  DST = hipify_py_ptx_bfe<unsigned int>(SRC, FIRST, COUNT);  // expect: HPY530

#define PTX_SIGNED_EXTRACT "bfe.s32"

__device__ unsigned nibble(unsigned word, int which) {
  unsigned out;
  EXTRACT_BITS(out, word, which * 4, 4);
  return out;
}

__device__ int signed_field(int word, unsigned first) {
  int field;
  field = hipify_py_ptx_bfe<int>(word, first, 6);  // expect: HPY530
  return field;
}

__device__ uint64_t wide_field(uint64_t word, int first, int count) {
  uint64_t result[2];
  /* expect: HPY530 */ result[1] = hipify_py_ptx_bfe<unsigned long long>(word, first, count);
  return result[1];
}

__device__ unsigned put_bits(unsigned base, unsigned bits, int at) {
  unsigned merged;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(merged) : "r"(bits), "r"(base), "r"(at), "n"(3));  // expect: HPY300
  merged = hipify_py_ptx_bfi<unsigned int>(bits, base, at, 3);  // expect: HPY530
  return merged;
}

__device__ int my_lane() {
  int lane;
  lane = __lane_id();
  return lane;
}

// Not rewritten: an immediate operand passed as one, a clobber list, two instructions.
__device__ unsigned left_alone(unsigned a, unsigned b) {
  unsigned r;
  asm("bfe.u32 %0, %1, %2, 8;" : "=r"(r) : "r"(a), "n"(4));  // expect: HPY300
  asm("bfe.u32 %0, %1, 0, 8;" : "=r"(r) : "r"(a) : "memory");  // expect: HPY300
  asm("bfe.u32 %0, %1, 0, 8;\n\tadd.u32 %0, %0, %2;" : "=r"(r) : "r"(a), "r"(b));  // expect: HPY300
  return r;
}
