// OpenGL interop as CUDA's GL samples write it: the header, device query, buffer and image
// registration (with the map flags the samples pass as register flags), map and unmap. HIP
// 6.0 moved these declarations into hip/hip_gl_interop.h; before, hip_runtime.h had them.
#include <cuda_runtime.h>
#include <cuda_gl_interop.h> // expect[hip52]: HPY201

#define TEXTURE_2D 0x0DE1 // GL_TEXTURE_2D, without the GL headers

struct cudaGraphicsResource *vbo_resource;
cudaGraphicsResource_t tex_resource;

__global__ void fill(float4 *pos, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pos[i] = make_float4(i, 0.f, 0.f, 1.f);
}

int setup(GLuint vbo, GLuint tex, unsigned n) {
  unsigned int count = 0;
  int devices[4];
  cudaGLGetDevices(&count, devices, 4, cudaGLDeviceListAll);
  if (count == 0) return 1;
  cudaGLSetGLDevice(devices[0]);
  cudaGraphicsGLRegisterBuffer(&vbo_resource, vbo, cudaGraphicsMapFlagsWriteDiscard);
  cudaGraphicsGLRegisterImage(&tex_resource, tex, TEXTURE_2D,
                              cudaGraphicsRegisterFlagsSurfaceLoadStore);
  cudaGraphicsMapResources(1, &vbo_resource, 0);
  float4 *pos = nullptr;
  size_t bytes = 0;
  cudaGraphicsResourceGetMappedPointer((void **)&pos, &bytes, vbo_resource);
  fill<<<(n + 255) / 256, 256>>>(pos, n);
  cudaGraphicsUnmapResources(1, &vbo_resource, 0);
  cudaArray_t array;
  cudaGraphicsMapResources(1, &tex_resource, 0);
  cudaGraphicsSubResourceGetMappedArray(&array, tex_resource, 0, 0);
  cudaGraphicsUnmapResources(1, &tex_resource, 0);
  cudaGraphicsUnregisterResource(tex_resource);
  return cudaGraphicsUnregisterResource(vbo_resource) == cudaSuccess ? 0 : 1;
}
