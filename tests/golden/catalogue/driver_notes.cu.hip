// Notes: a mapping that does not hold for some CUDA versions (HPY152), an argument the HIP
// function lacks (HPY160), and headers hip_runtime.h makes unnecessary (HPY201). A device
// passed to cudaMemAdvise shows the pre-13 form: hipMemAdvise, and nothing to say.
#include <hip/hip_runtime.h>

void context(hipDevice_t dev, hipFunction_t fn, float* p, size_t n) {
  hipCtx_t ctx;
  hipCtxCreate(&ctx, 0, dev);  // expect: HPY132, HPY170
  hipMemAdvise(p, n, hipMemAdviseSetReadMostly, dev);
  void* entry = nullptr;
  hipGetProcAddress("hipMalloc", &entry, 12000, 0, nullptr);  // expect: HPY152
  int grid = 0, block = 0;
  hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, fn, 0, 0);  // expect: HPY160
}
