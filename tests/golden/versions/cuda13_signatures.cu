// Code read as CUDA 13 (--cuda-version 13.0): cudaMemAdvise takes a location, the shape of HIP's
// hipMemAdvise_v2; cuCtxCreate takes creation parameters, which no HIP function does.
void advise(float* p, size_t n, int dev, CUcontext* ctx) {
  cudaMemLocation where = {};
  where.type = cudaMemLocationTypeDevice;
  where.id = dev;
  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, where);
  cuCtxCreate(ctx, nullptr, 0, dev);  // expect: HPY155
}
