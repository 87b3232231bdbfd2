// cuda.h is C, so a project may include it inside extern "C"; hip_runtime.h is C++ (templates),
// so it goes before the block and the include inside becomes a duplicate.
#ifdef __cplusplus
extern "C" {
#endif

#include "cuda.h"

int pick_device(int n) {
  cudaSetDevice(n);
  return n;
}

#ifdef __cplusplus
}
#endif
