// nvcc accepts a launch with its chevrons spaced apart; clang does not. It is rewritten like any
// launch (or, when launches keep their syntax, its chevrons are closed up).
__global__ void scale(float* x, float a) { x[threadIdx.x] *= a; }
template <int N> __global__ void fill(float* x) { x[threadIdx.x] = N; }

void run(float* x, cudaStream_t s) {
  scale << < 1, 64 >> > (x, 2.0f);
  scale << < dim3(1), dim3(64), 0, s >> > (x, 0.5f);
  fill<4> << < 1, 64 >> > (x);
  int shifted = 1 << 3;  // an ordinary shift stays
  (void)shifted;
}
