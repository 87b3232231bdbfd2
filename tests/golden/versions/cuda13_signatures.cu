// Code read as CUDA 13 (--cuda-version 13.0): cudaMemAdvise takes a location, the shape of HIP's
// hipMemAdvise_v2; cuCtxCreate takes creation parameters, which hipCtxCreate lacks: a null
// constant there asks for nothing and is dropped, anything else is left and reported.
// A call with the older argument count is the older form, whatever release is assumed.
void advise(float* p, size_t n, int dev, CUcontext* ctx,
            CUctxCreateParams* params) {  // expect: HPY102
  cudaMemLocation where = {};
  where.type = cudaMemLocationTypeDevice;
  where.id = dev;
  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, where);
  cuCtxCreate(ctx, nullptr, 0, dev);  // expect: HPY132, HPY170
  cuCtxCreate(ctx, NULL, CU_CTX_SCHED_AUTO, dev);  // expect: HPY132, HPY170
  cuCtxCreate(ctx, params, 0, dev);  // expect: HPY155
  cuCtxCreate(ctx, 0, dev);  // expect: HPY132, HPY170
  cudaMemPrefetchAsync(p, n, dev, 0);
}
