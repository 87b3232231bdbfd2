// Host names CUDA 13's headers declare that no table row covered: they were left as they were
// and failed to compile with no finding (found by calling each one).
#include <hip/hip_runtime.h>

void link_and_wait(hipStream_t stream, hipDeviceptr_t flag, void* image, size_t size) {
  uint32_t expected = 1;
  uint64_t mask = ~0ull;
  hiprtcLinkState state;  // expect: HPY170
  hiprtcLinkCreate(0, nullptr, nullptr, &state);  // expect: HPY170
  hiprtcLinkAddData(state, hipJitInputPtx, image, size, "k", 0, nullptr, nullptr);  // expect: HPY170
  hipStreamWaitValue32(stream, flag, expected, hipStreamWaitValueEq);
  (void)mask;
  hipChannelFormatDesc half_texel = hipCreateChannelDescHalf();
  hipChannelFormatDesc nv12 = cudaCreateChannelDescNV12();  // expect: HPY101
  (void)half_texel;
  (void)nv12;
}
