// Atomics on types HIP has no overload of, though it has the name for others: reported where
// the first argument shows the type.
#include <cuda_bf16.h>

__global__ void accumulate(long long* flags, float4* sums, float2* pairs,
                           __nv_bfloat16* totals, unsigned long long* bits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicOr(flags, 1ll << (i % 63));                  // expect: HPY103
  atomicAnd_system(&flags[1], ~1ll);                 // expect: HPY103
  atomicAdd(sums + i % 4, make_float4(1, 1, 1, 1));  // expect: HPY103
  atomicAdd_system(pairs, make_float2(1, 2));        // expect: HPY103
  atomicAdd(&totals[i % 8], __float2bfloat16(1.0f)); // expect: HPY103
  atomicOr(bits, 1ull);
  atomicXor(reinterpret_cast<unsigned long long*>(flags), 2ull);
}
