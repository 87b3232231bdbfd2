// cuda-samples style error helpers: one overload per CUDA error type. Both types become
// hipError_t, so the overloads collide.
#include <hip/hip_runtime.h>

static const char *_cudaGetErrorEnum(hipError_t error) { return hipGetErrorName(error); }

static const char *_cudaGetErrorEnum_CUresult(hipError_t error) {  // expect: HPY510
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name;
}

template <typename T>
void check(T result, const char *func) {
  if (result) fprintf(stderr, "%s: %s\n", func, _cudaGetErrorEnum(result));
}
