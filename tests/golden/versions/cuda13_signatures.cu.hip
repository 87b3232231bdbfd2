// Code read as CUDA 13 (--cuda-version 13.0): cudaMemAdvise takes a location, the shape of HIP's
// hipMemAdvise_v2; cuCtxCreate takes creation parameters, which no HIP function does.
#include <hip/hip_runtime.h>
void advise(float* p, size_t n, int dev, hipCtx_t* ctx) {
  hipMemLocation where = {};
  where.type = hipMemLocationTypeDevice;
  where.id = dev;
  hipMemAdvise_v2(p, n, hipMemAdviseSetReadMostly, where);
  cuCtxCreate(ctx, nullptr, 0, dev);  // expect: HPY155
}
