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

// Statements that only look like declarations: calls whose arguments name the merging types.
template <typename T> void accept(int *where, T value);
void statements() {
  int first = 0, second = 0;
  accept(&first, hipError_t(0));
  accept(&second, hipError_t(0));
}
