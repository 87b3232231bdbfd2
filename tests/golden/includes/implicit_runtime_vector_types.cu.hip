// A .cu file gets cuda_runtime.h from nvcc whatever it uses, here only a vector type.
#ifndef COMMON_CU
#define COMMON_CU
#include <hip/hip_runtime.h>
struct Node {
  uint4 data;
};
#endif
