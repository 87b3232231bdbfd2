// With --skip-excluded-preprocessor-conditional-blocks an #if branch the CUDA release (12.6
// here) does not compile is left as written. With --amap as well, as hipify-clang's --amap,
// the CUDA names in it are renamed all the same; what needs the parse (launches, call
// arguments) is not done there either way.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void zero(float* p) { p[threadIdx.x] = 0.0f; }

#if 12060 < 10000
static void reset(float* p) {
  hipDeviceSynchronize();  // expect[amap]: HPY131
  zero<<<1, 32>>>(p);
  if (hipGetLastError() != hipSuccess) std::printf("hipGetLastError failed\n");
}
#else
static void reset(float* p) {
  hipDeviceSynchronize();
  hipLaunchKernelGGL(zero, dim3(1), dim3(32), 0, 0, p);
  if (hipGetLastError() != hipSuccess) std::printf("hipGetLastError failed\n");
}
#endif

int main() {
  float* p = nullptr;
  hipMalloc(&p, 32 * sizeof(float));
  reset(p);
  hipFree(p);
  return 0;
}
