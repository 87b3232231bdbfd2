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

// Statements that only look like declarations: calls whose arguments name the merging types.
template <typename T> void accept(int *where, T value);
void statements() {
  int first = 0, second = 0;
  accept(&first, CUresult(0));
  accept(&second, cudaError_t(0));
}
