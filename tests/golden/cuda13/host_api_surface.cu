// Host names CUDA 13's headers declare that no table row covered: they were left as they were
// and failed to compile with no finding (found by calling each one).
#include <cuda.h>
#include <cuda_runtime.h>

void link_and_wait(CUstream stream, CUdeviceptr flag, void* image, size_t size) {
  cuuint32_t expected = 1;
  cuuint64_t mask = ~0ull;
  CUlinkState state;  // expect: HPY170
  cuLinkCreate(0, nullptr, nullptr, &state);  // expect: HPY170
  cuLinkAddData(state, CU_JIT_INPUT_PTX, image, size, "k", 0, nullptr, nullptr);  // expect: HPY170
  cuStreamWaitValue32(stream, flag, expected, CU_STREAM_WAIT_VALUE_EQ);
  (void)mask;
  cudaChannelFormatDesc half_texel = cudaCreateChannelDescHalf();
  cudaChannelFormatDesc nv12 = cudaCreateChannelDescNV12();  // expect: HPY101
  (void)half_texel;
  (void)nv12;
}
