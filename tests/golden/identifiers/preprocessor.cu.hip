// Renames reach macro bodies and inactive #if branches.
#include <hip/hip_runtime.h>

#define ALLOC(p, n) hipMalloc((void **)&(p), (n))
#define SYNC() hipDeviceSynchronize()

#if 0
static void legacy(void *p) { hipFree(p); hipDeviceSynchronize(); }  // expect: HPY131
#endif

#ifdef USE_PINNED
#define HOST_ALLOC(p, n) hipHostMalloc((void **)&(p), (n), hipHostMallocDefault)
#else
#define HOST_ALLOC(p, n) ((p) = malloc(n))
#endif

void run() {
  float *d;
  ALLOC(d, 64);
  SYNC();
}
