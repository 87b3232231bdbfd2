// gl_interop: a kernel writing into an OpenGL vertex buffer. HIP has the same interop calls:
// the header becomes hip/hip_gl_interop.h (HIP >= 5.6; before, hip_runtime.h declares them).
#include <GL/gl.h>
#include <cuda_gl_interop.h>

#include "../common/helper_cuda.h"

__global__ void wave(float4 *pos, unsigned int width, unsigned int height, float time) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  float u = x / (float)width * 2.0f - 1.0f;
  float v = y / (float)height * 2.0f - 1.0f;
  pos[y * width + x] = make_float4(u, 0.5f * sinf(u * 4.0f + time), v, 1.0f);
}

void runCuda(GLuint vbo, unsigned int width, unsigned int height, float time) {
  cudaGraphicsResource *resource;
  checkCudaErrors(cudaGraphicsGLRegisterBuffer(&resource, vbo, cudaGraphicsMapFlagsWriteDiscard));
  checkCudaErrors(cudaGraphicsMapResources(1, &resource, 0));
  float4 *dptr;
  size_t num_bytes;
  checkCudaErrors(cudaGraphicsResourceGetMappedPointer((void **)&dptr, &num_bytes, resource));
  dim3 block(8, 8, 1);
  dim3 grid(width / block.x, height / block.y, 1);
  wave<<<grid, block>>>(dptr, width, height, time);
  checkCudaErrors(cudaGraphicsUnmapResources(1, &resource, 0));
  checkCudaErrors(cudaGraphicsUnregisterResource(resource));
}
