// Argument rules: HIP_SYMBOL around symbols, casts around kernel pointers, added flags, overloads.
#include <hip/hip_runtime.h>

__constant__ float coeffs[16];
__device__ int counter;

__global__ void kern(float *x) { x[threadIdx.x] *= coeffs[threadIdx.x % 16]; }

void setup(const float *h, float *d) {
  hipMemcpyToSymbol(HIP_SYMBOL(coeffs), h, sizeof(float) * 16);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(coeffs), h, sizeof(float) * 16, 0, hipMemcpyHostToDevice, 0);
  int value = 0;
  hipMemcpyFromSymbol(&value, HIP_SYMBOL(counter), sizeof(int));
  void *addr = nullptr;
  hipGetSymbolAddress(&addr, HIP_SYMBOL(counter));
  hipFuncSetCacheConfig(reinterpret_cast<const void*>(kern), hipFuncCachePreferL1);
  hipFuncAttributes attr;
  hipFuncGetAttributes(&attr, reinterpret_cast<const void*>(kern));
  float *pinned = nullptr;
  hipHostMalloc(&pinned, 1024, hipHostMallocDefault);
  hipEvent_t a, b;
  hipEventCreate(&a);
  hipEventCreateWithFlags(&b, hipEventDisableTiming);
  hipHostFree(pinned);
}
