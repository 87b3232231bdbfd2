// The libraries' version macros, which no HIP library defines, become the versions of the CUDA
// release the code is read as (--cuda-version): left, each would be 0 under hipcc and pick the
// oldest branch. rocThrust defines THRUST_VERSION itself: it stays.
#include <hip/hip_runtime.h>
#include <cstdio>

#if 12602 >= 11000  // expect: HPY500
static const char *sparse_api = "generic";
#else
static const char *sparse_api = "legacy";
#endif

#ifdef CUDNN_MAJOR  // expect: HPY501
static const int has_cudnn = 1;
#else
static const int has_cudnn = 0;
#endif

void versions() {
  printf("CUB %d, cuBLAS %d.%d, %s, %d\n", 300000, 13,  // expect: HPY500
         0, sparse_api, has_cudnn);  // expect: HPY500
}

#ifdef THRUST_VERSION
static const int thrust_version = THRUST_VERSION;
#endif
