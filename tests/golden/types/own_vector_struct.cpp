// Host code with image types of its own, named like CUDA's vector types: not CUDA, so it gets no
// hip_runtime.h, whose uchar4 and float2 it would redefine. Left byte for byte.
#include <cstdlib>
#include <cstring>

typedef struct {
  unsigned char x, y, z, w;
} uchar4;

struct float2 {
  float x, y;
};

uchar4 *load_image(int width, int height) {
  uchar4 *pixels = (uchar4 *)malloc(sizeof(uchar4) * width * height);
  memset(pixels, 0, sizeof(uchar4) * width * height);
  return pixels;
}

float2 centre(int width, int height) {
  float2 c = {width / 2.f, height / 2.f};
  return c;
}
