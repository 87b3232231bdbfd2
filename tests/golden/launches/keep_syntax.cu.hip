// --keep-launch-syntax leaves <<<>>> in place (hip-clang accepts it).
#include <hip/hip_runtime.h>

__global__ void k(int *x) { x[threadIdx.x] = 1; }

void go(int *d, hipStream_t s) { k<<<1, 32, 0, s>>>(d); }
