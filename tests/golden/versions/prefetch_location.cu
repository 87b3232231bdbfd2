// CUDA 13's cudaMemPrefetchAsync takes a location and flags (the shape of CUDA 12.2's _v2):
// with five arguments it is HIP's hipMemPrefetchAsync_v2, which the target HIP must have.
void prefetch(float* data, size_t bytes, int device, cudaStream_t stream) {
  cudaMemPrefetchAsync(data, bytes, device, stream);  // the older form
  cudaMemLocation where = {};
  where.type = cudaMemLocationTypeDevice;
  where.id = device;
  cudaMemPrefetchAsync(data, bytes, where, 0, stream);  // expect[hip52]: HPY150
  cudaMemPrefetchAsync_v2(data, bytes, where, 0, stream);  // expect[hip52]: HPY150
}
