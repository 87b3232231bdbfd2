// Code that already has a HIP branch of its author's: hipcc must keep selecting it, so the CUDA
// version tests in front of it are left as written (under hipcc they are 0), and the CUDA-only
// builtins behind them are not reported: hipcc never compiles them.
#include <hip/hip_runtime.h>

__device__ int load_relaxed(int *p) {  // CUDA's __nv_atomic_load_n takes no const pointer
#if CUDA_VERSION >= 12080  // expect: HPY500
  return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
#elif defined(__HIPCC__)
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
  return *(volatile const int *)p;
#endif
}

// No HIP branch here: the version test is read as the CUDA release (--cuda-version).
__device__ int add_one(int x) {
#if 13000 >= 11000  // expect: HPY500
  return x + 1;
#else
  return x - 1;
#endif
}

// The HIP test comes first: nothing to keep.
__device__ int twice(int x) {
#ifdef __HIP_PLATFORM_AMD__
  return 2 * x;
#elif 13000 >= 9000  // expect: HPY500
  return x << 1;
#endif
}

__global__ void kernel(int *out, int *in) {
  out[threadIdx.x] = load_relaxed(in) + add_one(in[1]) + twice(in[2]);
}
