// A licence line that a stray backslash continues \
// onto this one
#include <hip/hip_runtime.h>
__global__ void k(float *p) { p[0] = 1.0f; }
