/* A C header shared by host C code and CUDA code: CUDA appears only under a test of the CUDA
 * compiler, so no HIP header is added (the C library still compiles with gcc), and the test
 * becomes the HIP compiler's. */
#ifndef SHARED_C_HEADER_H
#define SHARED_C_HEADER_H

#ifdef __CUDACC__
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

#if !defined(__CUDA_ARCH__)  /* expect: HPY500 */
static inline int on_host(void) { return 1; }
#else
static inline __device__ int on_host(void) { return threadIdx.x < 0; }
#endif

typedef struct { float x, y; } point;

#endif
