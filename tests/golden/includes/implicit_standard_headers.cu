// nvcc's cuda_runtime.h brings <string.h>, <assert.h> and <functional>; hip_runtime.h does
// not, so code that used them without including them gets them.
#include <stdio.h>

__global__ void scale(float* p) { p[threadIdx.x] *= 2.0f; }

int main() {
  float host[4] = {1, 2, 3, 4}, copy[4];
  memcpy(copy, host, sizeof host);
  assert(copy[0] == 1.0f);
  float* d;
  cudaMalloc(&d, sizeof host);
  scale<<<1, 4>>>(d);
  cudaFree(d);
  printf("%f\n", copy[3]);
  return 0;
}
