// helper_cuda.h: error checking and device selection helpers shared by the examples.
// Written in the style of the helper headers most CUDA projects carry around.
#ifndef COMMON_HELPER_CUDA_H
#define COMMON_HELPER_CUDA_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifdef __CUDA_RUNTIME_H__
// Runtime API error names and strings.
static const char *_cudaGetErrorEnum(cudaError_t error) {
  return cudaGetErrorName(error);
}
#endif

#ifdef __DRIVER_TYPES_H__
// cudaDeviceProp and the error enum come from driver_types.h.
inline bool isSuccess(cudaError_t error) { return error == cudaSuccess; }
#endif

template <typename T>
void check(T result, char const *const func, const char *const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line,
            static_cast<unsigned int>(result), _cudaGetErrorEnum(result), func);
    exit(EXIT_FAILURE);
  }
}

// Checks the return value of a CUDA runtime call and aborts with its name on failure.
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

// Reports the last launch error (kernels return nothing).
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)

inline void __getLastCudaError(const char *errorMessage, const char *file, const int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line,
            errorMessage, static_cast<int>(err), cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

// Cores per multiprocessor for a few architectures, for the device report.
inline int _ConvertSMVer2Cores(int major, int minor) {
  struct SMtoCores { int sm; int cores; };
  const SMtoCores table[] = {{0x60, 64}, {0x61, 128}, {0x70, 64}, {0x75, 64},
                             {0x80, 64}, {0x86, 128}, {0x89, 128}, {0x90, 128}, {-1, -1}};
  for (int i = 0; table[i].sm != -1; ++i) {
    if (table[i].sm == ((major << 4) + minor)) return table[i].cores;
  }
  return 64;
}

// Picks the device with the most multiprocessors and makes it current.
inline int findCudaDevice() {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  if (count == 0) {
    fprintf(stderr, "no CUDA device found\n");
    exit(EXIT_FAILURE);
  }
  int best = 0, best_sms = -1;
  for (int dev = 0; dev < count; ++dev) {
    cudaDeviceProp prop;
    checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
    if (prop.multiProcessorCount > best_sms) {
      best = dev;
      best_sms = prop.multiProcessorCount;
    }
  }
  checkCudaErrors(cudaSetDevice(best));
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, best));
  printf("Using device %d: \"%s\" with compute capability %d.%d, %d cores/SM\n", best, prop.name,
         prop.major, prop.minor, _ConvertSMVer2Cores(prop.major, prop.minor));
  return best;
}

#endif  // COMMON_HELPER_CUDA_H
