// Texture and surface reads: fine on most AMD GPUs, unavailable on those without image
// hardware (MI300/MI350), so each call is reported. Look-alikes are not.
#include <cuda_runtime.h>

struct Sampler {
  __device__ float tex2D(float u, float v) const { return u * v; }  // a member of the user's own
};

__global__ void fetchObject(cudaTextureObject_t obj, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(obj, i);  // expect: HPY320
}

__global__ void sample2D(cudaTextureObject_t obj, cudaSurfaceObject_t surf, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float v = tex2D<float>(obj, x + 0.5f, y + 0.5f);  // expect: HPY320
  surf2Dwrite(v, surf, x * (int)sizeof(float), y);  // expect: HPY320
  Sampler s;
  v += s.tex2D(1.0f, 2.0f);
  (void)w;
}

// Host code that only names the functions in text: "tex1Dfetch(...)" in a string.
const char *describe() { return "tex1Dfetch(obj, i) reads a texture"; }
