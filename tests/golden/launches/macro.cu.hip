// Launches in macros: rewritten when the macro holds the whole launch, reported when a macro
// supplies the configuration.
#include <hip/hip_runtime.h>

__global__ void k(int *x) { x[threadIdx.x] = 1; }

#define LAUNCH(kernel, n, arg) hipLaunchKernelGGL(kernel, dim3((n + 127) / 128), dim3(128), 0, 0, arg)
#define CONFIG 1, 32

void go(int *d) {
  LAUNCH(k, 1000, d);
  k<<<CONFIG>>>(d);  // expect: HPY901
}
