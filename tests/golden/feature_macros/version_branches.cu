// CUDA version tests keep the branch the CUDA release the code is read as (13.0 by default)
// took; HIP_VERSION would take every "CUDA >= N" branch, CUDA-only code included.
#include <cuda_runtime.h>

#if CUDART_VERSION >= 11000  // expect: HPY500
#define HAS_ASYNC_ALLOC 1
#endif

#if CUDA_VERSION >= 12080  // expect: HPY500
#define USE_NEWEST_ONLY 1
#else
#define USE_NEWEST_ONLY 0
#endif

#if defined(CUDART_VERSION) && CUDART_VERSION < 9000  // expect: HPY500
#error "too old"
#endif

#if __CUDACC_VER_MAJOR__ >= 11  // expect: HPY500
#define MODERN_NVCC 1
#endif

int runtime_version_seen() { return CUDART_VERSION; }  // expect: HPY500
