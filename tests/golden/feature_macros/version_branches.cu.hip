// CUDA version tests keep the branch the CUDA release the code is read as (13.0 by default)
// took; HIP_VERSION would take every "CUDA >= N" branch, CUDA-only code included.
#include <hip/hip_runtime.h>

#if 13000 >= 11000  // expect: HPY500
#define HAS_ASYNC_ALLOC 1
#endif

#if 13000 >= 12080  // expect: HPY500
#define USE_NEWEST_ONLY 1
#else
#define USE_NEWEST_ONLY 0
#endif

#if defined(HIP_VERSION) && 13000 < 9000  // expect: HPY500
#error "too old"
#endif

#if 13 >= 11  // expect: HPY500
#define MODERN_NVCC 1
#endif

int runtime_version_seen() { return 13000; }  // expect: HPY500
