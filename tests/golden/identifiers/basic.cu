// Basic renames: functions, types, enumerators and macros; comments stay as they are.
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(call)                                                        \
  do {                                                                     \
    cudaError_t err_ = (call);                                             \
    if (err_ != cudaSuccess) {                                             \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_), \
              __FILE__, __LINE__);                                         \
    }                                                                      \
  } while (0)

int main() {
  float *d = nullptr;  // cudaMalloc below allocates; cudaFree releases
  /* cudaMemcpy in a block comment is left alone */
  CHECK(cudaMalloc(&d, 1024 * sizeof(float)));
  CHECK(cudaMemset(d, 0, 1024 * sizeof(float)));
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CHECK(cudaMemcpyAsync(d, d, 16, cudaMemcpyDeviceToDevice, stream));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("cudaMalloc failed? %s\n", "no");
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(d));
  return 0;
}
