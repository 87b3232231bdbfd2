// OpenGL interop as CUDA's GL samples write it: the header, device query, buffer and image
// registration (with the map flags the samples pass as register flags), map and unmap. HIP
// 6.0 moved these declarations into hip/hip_gl_interop.h; before, hip_runtime.h had them.
#include <hip/hip_runtime.h>
#include <hip/hip_gl_interop.h> // expect[hip52]: HPY201

#define TEXTURE_2D 0x0DE1 // GL_TEXTURE_2D, without the GL headers

struct _hipGraphicsResource *vbo_resource;
hipGraphicsResource_t tex_resource;

__global__ void fill(float4 *pos, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pos[i] = make_float4(i, 0.f, 0.f, 1.f);
}

int setup(GLuint vbo, GLuint tex, unsigned n) {
  unsigned int count = 0;
  int devices[4];
  hipGLGetDevices(&count, devices, 4, hipGLDeviceListAll);
  if (count == 0) return 1;
  hipSetDevice(devices[0]);
  hipGraphicsGLRegisterBuffer(&vbo_resource, vbo, hipGraphicsRegisterFlagsWriteDiscard);
  hipGraphicsGLRegisterImage(&tex_resource, tex, TEXTURE_2D,
                              hipGraphicsRegisterFlagsSurfaceLoadStore);
  hipGraphicsMapResources(1, &vbo_resource, 0);
  float4 *pos = nullptr;
  size_t bytes = 0;
  hipGraphicsResourceGetMappedPointer((void **)&pos, &bytes, vbo_resource);
  hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, 0, pos, n);
  hipGraphicsUnmapResources(1, &vbo_resource, 0);
  hipArray_t array;
  hipGraphicsMapResources(1, &tex_resource, 0);
  hipGraphicsSubResourceGetMappedArray(&array, tex_resource, 0, 0);
  hipGraphicsUnmapResources(1, &tex_resource, 0);
  hipGraphicsUnregisterResource(tex_resource);
  return hipGraphicsUnregisterResource(vbo_resource) == hipSuccess ? 0 : 1;
}
