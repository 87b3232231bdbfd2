// hipCUB's warp-transpose block loads and stores need a block of 64*k threads (the wavefront):
// the translation uses the block-wide transpose, which gives the same blocked arrangement.
#include <cub/cub.cuh>

#define ROW_THREADS 96
constexpr int kPairThreads = 32;

template <int THREADS>
__global__ void quantize(const float* in, unsigned char* out) {
  constexpr int HALF = 16;
  // Known here and not a multiple of 64: the block-wide transpose.
  typedef cub::BlockStore<  // a comment, with a comma, inside the arguments
      unsigned char, 32, 4,
      cub::BLOCK_STORE_WARP_TRANSPOSE> Store;  // expect: HPY407
  typedef cub::BlockLoad<float, kPairThreads, 2, cub::BLOCK_LOAD_WARP_TRANSPOSE> Pairs;  // expect: HPY407
  typedef cub::BlockLoad<float, ROW_THREADS, 2, ::cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED> Rows;  // expect: HPY407
  typedef cub::BlockLoad<float, HALF, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE, 2, 1> Flat;  // expect: HPY407
  // Known only where the template is instantiated: chosen at compile time.
  typedef cub::BlockLoad<float, THREADS, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> Load;  // expect: HPY407
  using Loaded = cub::BlockLoad<int, THREADS / 2, 2, cub::BLOCK_LOAD_WARP_TRANSPOSE>;  // expect: HPY407
  // A 2-D block of a size not known here: reported, on the type and where hipcc fails.
  typedef cub::BlockLoad<float, THREADS, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE, 2> Grid;  // expect: HPY406
  // Fine: a multiple of 64, and an algorithm that does not transpose through a warp.
  typedef cub::BlockLoad<float, 256, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> Wide;
  typedef cub::BlockLoad<float, 32, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE, 2, 1> Square;
  typedef cub::BlockLoad<float, 32, 4, cub::BLOCK_LOAD_DIRECT> Direct;
  __shared__ typename Store::TempStorage store;
  __shared__ typename Load::TempStorage load;
  __shared__ typename Grid::TempStorage grid;  // expect: HPY406
  __shared__ typename Wide::TempStorage wide;
  __shared__ typename Loaded::TempStorage loaded;
  float v[4];
  Load(load).Load(in, v);
  unsigned char c[4] = {0, 0, 0, 0};
  Store(store).Store(out, c);
  (void)wide;
  (void)loaded;
  (void)grid;
}

template <int BLOCK, int PER_THREAD, int PACKED>
__global__ void pack(const float* in, unsigned char* out) {
  // Comparisons inside parentheses are no template brackets.
  typedef cub::BlockStore<
      unsigned char, BLOCK / PER_THREAD, (PACKED > 0) ? PER_THREAD / 2 : PER_THREAD,
      cub::BLOCK_STORE_WARP_TRANSPOSE>  // expect: HPY407
      StoreChar;
  __shared__ typename StoreChar::TempStorage storec;
  unsigned char c[PER_THREAD] = {};
  StoreChar(storec).Store(out, c);
}
