#include <cuda_runtime.h>

void share(unsigned int buffer) {
  cudaGraphicsResource_t resource;
  cudaGLSetGLDevice(0); // expect: HPY101
  cudaGraphicsGLRegisterBuffer(&resource, buffer, cudaGraphicsRegisterFlagsNone);
  cudaDeviceSynchronize();
}
