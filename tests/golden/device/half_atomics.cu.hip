// atomicAdd on a half or a half2: no HIP declares it. The calls whose first argument is seen
// to point to a half carry the note; every overload of HIP's keeps its own (float, int).
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hip/hip_fp16.h>

__device__ __half g_total;

struct Accumulator {
  __device__ void atomicAdd(float* p, float v) { *p += v; }  // a member: not CUDA's
};

__global__ void accumulate(__half* sums, const __half* values, __half2* pairs, float* totals,
                           int* counts, int n) {
  __shared__ __half partial[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(sums, values[i]);                      // expect: HPY530
  atomicAdd(&sums[i % 8], values[i]);              // expect: HPY530
  atomicAdd(sums + 1, __float2half(1.0f));         // expect: HPY530
  atomicAdd(&partial[threadIdx.x % 64], values[i]); // expect: HPY530
  atomicAdd(&g_total, values[i]);                  // expect: HPY530
  atomicAdd(pairs, __halves2half2(values[i], values[i]));  // expect: HPY530
  atomicAdd(reinterpret_cast<__half2*>(totals), __half2());  // expect: HPY530
  atomicAdd((__half*)counts, values[i]);           // expect: HPY530
  atomicAdd(totals, 1.0f);
  atomicAdd(&counts[i], 1);
  Accumulator acc;
  acc.atomicAdd(totals, 2.0f);
}
