// Literal 32 / 31 / 5 as the warp size in lane and warp arithmetic on thread indices.
#define WARP_SIZE 32  // expect: HPY403
constexpr int kWarpSize = 32;  // expect: HPY403

__global__ void lanes(int *out) {
  int lane = threadIdx.x % 32;  // expect: HPY403
  int warp = threadIdx.x / 32;  // expect: HPY403
  int lane2 = threadIdx.x & 31;  // expect: HPY403
  int warp2 = threadIdx.x >> 5;  // expect: HPY403
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int lane3 = tid % 32;  // expect: HPY403
  int lane4 = (threadIdx.x + 1) & 0x1f;  // expect: HPY403
  // Not flagged: the portable forms and numbers that are not lane math.
  int lane5 = threadIdx.x % warpSize;
  int scaled = threadIdx.x * 32;
  int column = blockIdx.x * 32 + threadIdx.x;
  int bytes = 32 * sizeof(float);
  out[threadIdx.x] = lane + warp + lane2 + warp2 + lane3 + lane4 + lane5 + scaled + column + bytes;
}

// Host code is not lane math.
int host_bucket(int value) { return value % 32 + (value >> 5) + (value & 31); }
