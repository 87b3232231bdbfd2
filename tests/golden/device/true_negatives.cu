// True negatives for the device checks: ordinary CUDA and C++ full of 32, 31, 5 and
// 0xffffffff in roles that have nothing to do with the warp size. Nothing here is reported.
#include <cstdint>
#include <cstdio>

#define TILE 32
#define BLOCK_ROWS 8
#define RGBA(r, g, b, a) (((a) << 24) | ((b) << 16) | ((g) << 8) | (r))
#define HASH_SEED 0xffffffffu
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5

// FNV-1a over 32-bit words: 0xffffffff and 32 are hash constants here.
__host__ __device__ uint32_t fnv1a(const uint32_t *words, int n) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < n; ++i) {
    h ^= words[i];
    h *= 16777619u;
  }
  return h & 0xffffffff;
}

// CRC-32 with the reflected polynomial; the table has 256 entries of 32 bits.
__device__ uint32_t crc32_byte(uint32_t crc, uint8_t byte) {
  crc ^= byte;
  for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  return crc;
}

__global__ void crc32_kernel(const uint8_t *data, int n, uint32_t *out) {
  uint32_t crc = HASH_SEED;
  for (int i = 0; i < n; ++i) crc = crc32_byte(crc, data[i]);
  out[0] = ~crc;
}

// Shared-memory matrix multiply with 32x32 tiles: TILE is the tile width, not the warp.
__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// Transpose with a padded tile and 8 rows per block.
__global__ void transpose(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Image processing: RGBA packing and a 32-pixel-wide image stripe.
__global__ void pack_rgba(const uint8_t *r, const uint8_t *g, const uint8_t *b, uint32_t *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  int idx = y * width + x;
  uint32_t pixel = RGBA(r[idx], g[idx], b[idx], 255u);
  uint32_t stripe = x / 32 < 4 ? 1u : 0u;  // x is a pixel column, not a thread-lane value
  out[idx] = pixel | stripe;
}

// Bit fields: 5-bit and 6-bit channels of RGB565.
__device__ uint16_t to_rgb565(float r, float g, float b) {
  uint16_t R = static_cast<uint16_t>(r * 31.0f) & 31;
  uint16_t G = static_cast<uint16_t>(g * 63.0f) & 63;
  uint16_t B = static_cast<uint16_t>(b * 31.0f) & 31;
  return static_cast<uint16_t>((R << 11) | (G << 5) | B);
}

// Bank-conflict-free offsets for a scan: shifts by LOG_NUM_BANKS, a bank count of 32.
__device__ int conflict_free(int n) { return n >> LOG_NUM_BANKS; }

__global__ void scan_offsets(int *out) {
  int ai = threadIdx.x;
  out[ai] = ai + conflict_free(ai) + NUM_BANKS;
}

// Data-dependent modulo: the value comes from memory, not from a thread index.
__global__ void bucketize(const int *keys, int *buckets, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int key = keys[i];
  buckets[i] = key % 32 + (key >> 5) + (key & 31);
}

// Floating-point constants that happen to be 32.
__device__ float scale32(float v) { return v * 32.0f + 0.5f / 32.0f; }

// A 32-entry lookup table in constant memory (a gamma curve, not per-warp data).
__constant__ float gamma_lut[32];

__global__ void apply_gamma(float *img, int n) {
  __shared__ float lut[32];
  if (threadIdx.x < 32) lut[threadIdx.x] = gamma_lut[threadIdx.x];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) img[i] = lut[static_cast<int>(img[i] * 31.0f)];
}

// 64-bit arithmetic with 32-bit halves.
__host__ __device__ uint64_t make64(uint32_t hi, uint32_t lo) {
  return (static_cast<uint64_t>(hi) << 32) | lo;
}

__host__ __device__ uint32_t high_half(uint64_t v) { return static_cast<uint32_t>(v >> 32) & 0xffffffffu; }

// Host code: loops, masks and shifts of all kinds.
int host_checksum(const int *v, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) sum = (sum * 31 + v[i]) & 0x7fffffff;
  unsigned mask = 0xffffffff;
  return static_cast<int>(sum & mask) + (n >> 5) + n % 32;
}

void launch_all(float *a, float *b, float *c, int n) {
  dim3 block(TILE, BLOCK_ROWS);
  dim3 grid(n / TILE, n / TILE);
  transpose<<<grid, block>>>(a, b, n, n);
  dim3 mm_block(TILE, TILE);
  matmul<<<grid, mm_block>>>(a, b, c, n);
  apply_gamma<<<(n + 255) / 256, 256>>>(a, n);
  scan_offsets<<<1, 32>>>(reinterpret_cast<int *>(c));
}

// Strings and comments: "threadIdx.x % 32", __shfl_down_sync(0xffffffff, v, 16), asm("mov.u32").
const char *help_text = "use threadIdx.x % 32 for the lane on 32-wide hardware";

// A for loop starting at 16 that does not shuffle: a tree reduction in shared memory.
__global__ void tree_sum(float *data) {
  __shared__ float s[32];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  for (int stride = 16; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) data[0] = s[0];
}

// Bit counting of a 32-bit word.
__device__ int bits_set(uint32_t x) { return __popc(x & 0xffffffffu) + (x >> 31); }

// Integer division by 32 of a byte count.
__global__ void words(const int *bytes, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int count = bytes[i];
  out[i] = count / 32 + count % 32;
}
