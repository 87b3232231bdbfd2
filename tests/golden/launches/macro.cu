// Launches in macros: rewritten when the macro holds the whole launch, reported when a macro
// supplies the configuration.
#include <cuda_runtime.h>

__global__ void k(int *x) { x[threadIdx.x] = 1; }

#define LAUNCH(kernel, n, arg) kernel<<<(n + 127) / 128, 128>>>(arg)
#define CONFIG 1, 32

void go(int *d) {
  LAUNCH(k, 1000, d);
  k<<<CONFIG>>>(d);  // expect: HPY901
}
