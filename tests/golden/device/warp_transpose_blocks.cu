// hipCUB's warp-transpose block loads and stores need a block of 64*k threads (the wavefront).
#include <cub/cub.cuh>

template <int THREADS>
__global__ void quantize(const float* in, unsigned char* out) {
  typedef cub::BlockLoad<float, THREADS, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> Load;  // expect: HPY406
  typedef cub::BlockStore<  // expect: HPY406
      unsigned char, 32, 4,
      cub::BLOCK_STORE_WARP_TRANSPOSE> Store;
  // Fine: a multiple of 64, and an algorithm that does not transpose through a warp.
  typedef cub::BlockLoad<float, 256, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> Wide;
  typedef cub::BlockLoad<float, 32, 4, cub::BLOCK_LOAD_DIRECT> Direct;
  using Loaded = cub::BlockLoad<int, THREADS / 2, 2, cub::BLOCK_LOAD_WARP_TRANSPOSE>;  // expect: HPY406
  // hipcc reports the failed static assertion where the type is completed:
  __shared__ typename Load::TempStorage load;  // expect: HPY406
  __shared__ typename Store::TempStorage store;  // expect: HPY406
  __shared__ typename Wide::TempStorage wide;
  __shared__ typename Loaded::TempStorage loaded;  // expect: HPY406
  float v[4];
  Load(load).Load(in, v);
  unsigned char c[4] = {0, 0, 0, 0};
  Store(store).Store(out, c);
  (void)wide;
  (void)loaded;
}
