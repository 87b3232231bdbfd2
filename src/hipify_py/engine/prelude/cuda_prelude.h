/* hipify-py's CUDA prelude: just enough of CUDA for clang to parse CUDA source without a CUDA
 * toolkit. It declares the execution-space keywords, the built-in variables, dim3 and the
 * launch-configuration hook clang needs for k<<<...>>>(...). API names are deliberately NOT
 * declared: hipify-py reads them from the token stream, and clang's "undeclared identifier"
 * errors are expected and ignored. */
#pragma clang system_header
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __grid_constant__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __CUDACC__ 1
#define __NVCC__ 1
/* CUDART_VERSION, CUDA_VERSION and __CUDACC_VER_MAJOR__/MINOR__ come from --cuda-version. */
typedef __SIZE_TYPE__ size_t;
struct uint3 { unsigned int x, y, z; };
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
typedef struct CUstream_st *cudaStream_t;
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                 cudaStream_t stream = 0);
extern "C" int __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                           void *stream = 0);
