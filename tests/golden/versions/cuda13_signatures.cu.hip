// Code read as CUDA 13 (--cuda-version 13.0): cudaMemAdvise takes a location, the shape of HIP's
// hipMemAdvise_v2; cuCtxCreate takes creation parameters, which hipCtxCreate lacks: a null
// constant there asks for nothing and is dropped, anything else is left and reported.
// A call with the older argument count is the older form, whatever release is assumed.
#include <hip/hip_runtime.h>
void advise(float* p, size_t n, int dev, hipCtx_t* ctx,
            CUctxCreateParams* params) {  // expect: HPY102
  hipMemLocation where = {};
  where.type = hipMemLocationTypeDevice;
  where.id = dev;
  hipMemAdvise_v2(p, n, hipMemAdviseSetReadMostly, where);
  hipCtxCreate(ctx, 0, dev);  // expect: HPY132, HPY170
  hipCtxCreate(ctx, hipDeviceScheduleAuto, dev);  // expect: HPY132, HPY170
  cuCtxCreate(ctx, params, 0, dev);  // expect: HPY155
  hipCtxCreate(ctx, 0, dev);  // expect: HPY132, HPY170
  hipMemPrefetchAsync(p, n, dev, 0);
}
