// __ballot_sync / __activemask return 64 bits on AMD: a 32-bit home drops lanes 32-63.
#include <hip/hip_runtime.h>
__device__ int count_active(int pred) {
  unsigned mask = __ballot_sync(~0ull, pred);  // expect: HPY402
  unsigned int active = __activemask();  // expect: HPY402
  uint32_t bits = __ballot(pred);  // expect: HPY402
  int later;
  later = __ballot_sync(~0ull, pred);  // expect: HPY402
  // Not flagged: 64-bit or deduced types, and direct use in an expression.
  unsigned long long wide = __ballot_sync(~0ull, pred);
  auto deduced = __ballot_sync(~0ull, pred);
  uint64_t u64 = __activemask();
  int n = __popcll(__ballot_sync(~0ull, pred));
  return __popc(mask) + __popc(active) + __popc(bits) + later + (int)(wide + deduced + u64) + n;
}
