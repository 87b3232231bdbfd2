#include <cuda_runtime.h>

void share(unsigned int buffer) {
  cudaGraphicsResource_t resource;
  cudaGraphicsGLRegisterBuffer(&resource, buffer, cudaGraphicsRegisterFlagsNone);
  cudaGraphicsResourceSetMapFlags(resource, 0); // expect: HPY101
  cudaDeviceSynchronize();
}
