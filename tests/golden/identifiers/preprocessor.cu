// Renames reach macro bodies and inactive #if branches.
#include <cuda_runtime.h>

#define ALLOC(p, n) cudaMalloc((void **)&(p), (n))
#define SYNC() cudaDeviceSynchronize()

#if 0
static void legacy(void *p) { cudaFree(p); cudaThreadSynchronize(); }  // expect: HPY131
#endif

#ifdef USE_PINNED
#define HOST_ALLOC(p, n) cudaMallocHost((void **)&(p), (n))
#else
#define HOST_ALLOC(p, n) ((p) = malloc(n))
#endif

void run() {
  float *d;
  ALLOC(d, 64);
  SYNC();
}
