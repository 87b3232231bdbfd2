// cuda.h is C, so a project may include it inside extern "C"; hip_runtime.h is C++ (templates),
// so it goes before the block and the include inside becomes a duplicate.
#include <hip/hip_runtime.h>
#ifdef __cplusplus
extern "C" {
#endif


int pick_device(int n) {
  hipSetDevice(n);
  return n;
}

#ifdef __cplusplus
}
#endif
