// A file that defined its own vector type for a host compiler and also calls the CUDA runtime:
// the translation includes hip/hip_runtime.h, which defines the vector types already.
#include <cuda_runtime_api.h>

struct uchar4 {  // expect: HPY514
  unsigned char x, y, z, w;
};
typedef struct {
  float x, y;
} float2;  // expect: HPY514

// Not a redefinition: the project's own namespace, other names, variables and members.
namespace img {
struct uchar4 {
  unsigned char r, g, b, a;
};
}  // namespace img
struct uchar4_rgba {
  unsigned char r, g, b, a;
};
struct pixel {
  uchar4 value;
} first_pixel;
// typedef struct uchar4 in a comment

int upload(const uchar4* host, size_t n, void** device) {
  return cudaMalloc(device, n * sizeof(uchar4)) == cudaSuccess ? 0 : 1;
}
