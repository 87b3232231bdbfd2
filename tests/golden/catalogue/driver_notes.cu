// Notes: a mapping that does not hold for some CUDA versions (HPY152), an argument the HIP
// function lacks (HPY160), and headers hip_runtime.h makes unnecessary (HPY201). A device
// passed to cudaMemAdvise shows the pre-13 form: hipMemAdvise, and nothing to say.
#include <cuda.h>
#include <device_launch_parameters.h>  // expect: HPY201
#include <builtin_types.h>  // expect: HPY201

void context(CUdevice dev, CUfunction fn, float* p, size_t n) {
  CUcontext ctx;
  cuCtxCreate(&ctx, 0, dev);  // expect: HPY132, HPY170
  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, dev);
  void* entry = nullptr;
  cuGetProcAddress("cuMemAlloc", &entry, 12000, 0, nullptr);  // expect: HPY152
  int grid = 0, block = 0;
  cuOccupancyMaxPotentialBlockSize(&grid, &block, fn, nullptr, 0, 0);  // expect: HPY160
}
