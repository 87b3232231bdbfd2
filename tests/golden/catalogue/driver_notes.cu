// Notes: a mapping that does not hold for some CUDA versions (HPY152), an argument the HIP
// function lacks (HPY160), and headers hip_runtime.h makes unnecessary (HPY201).
#include <cuda.h>
#include <device_launch_parameters.h>  // expect: HPY201
#include <builtin_types.h>  // expect: HPY201

void context(CUdevice dev, CUfunction fn, float* p, size_t n) {
  CUcontext ctx;
  cuCtxCreate(&ctx, 0, dev);  // expect: HPY132, HPY170
  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, dev);  // expect: HPY152
  int grid = 0, block = 0;
  cuOccupancyMaxPotentialBlockSize(&grid, &block, fn, nullptr, 0, 0);  // expect: HPY160
}
