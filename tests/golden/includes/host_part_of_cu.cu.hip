// The host half of a program in a .cu file, its kernels in another file: it uses no CUDA
// itself, but nvcc still gave it cuda_runtime.h and with it <string.h>.
#include <hip/hip_runtime.h>
#include <cstring>
#include <stdlib.h>
#include "kernels_elsewhere.cuh"

void copy_input(float* dst, const float* src, size_t n) { memcpy(dst, src, n * sizeof(float)); }
