// CUDA 13's cudaMemPrefetchAsync takes a location and flags (the shape of CUDA 12.2's _v2):
// with five arguments it is HIP's hipMemPrefetchAsync_v2, which the target HIP must have.
#include <hip/hip_runtime.h>
void prefetch(float* data, size_t bytes, int device, hipStream_t stream) {
  hipMemPrefetchAsync(data, bytes, device, stream);  // the older form
  hipMemLocation where = {};
  where.type = hipMemLocationTypeDevice;
  where.id = device;
  hipMemPrefetchAsync_v2(data, bytes, where, 0, stream);  // expect[hip52]: HPY150
  hipMemPrefetchAsync_v2(data, bytes, where, 0, stream);  // expect[hip52]: HPY150
}
