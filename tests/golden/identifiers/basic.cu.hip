// Basic renames: functions, types, enumerators and macros; comments stay as they are.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK(call)                                                        \
  do {                                                                     \
    hipError_t err_ = (call);                                             \
    if (err_ != hipSuccess) {                                             \
      fprintf(stderr, "CUDA error %s at %s:%d\n", hipGetErrorString(err_), \
              __FILE__, __LINE__);                                         \
    }                                                                      \
  } while (0)

int main() {
  float *d = nullptr;  // cudaMalloc below allocates; cudaFree releases
  /* cudaMemcpy in a block comment is left alone */
  CHECK(hipMalloc(&d, 1024 * sizeof(float)));
  CHECK(hipMemset(d, 0, 1024 * sizeof(float)));
  hipStream_t stream;
  CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  CHECK(hipMemcpyAsync(d, d, 16, hipMemcpyDeviceToDevice, stream));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  printf("hipMalloc failed? %s\n", "no");
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(d));
  return 0;
}
