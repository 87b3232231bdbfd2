// cuda-samples style error helpers: one overload per CUDA error type. Both types become
// hipError_t, so the overloads collide.
#include <cuda.h>
#include <cuda_runtime.h>

static const char *_cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorName(error); }

static const char *_cudaGetErrorEnum(CUresult error) {  // expect: HPY510
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name;
}

template <typename T>
void check(T result, const char *func) {
  if (result) fprintf(stderr, "%s: %s\n", func, _cudaGetErrorEnum(result));
}
