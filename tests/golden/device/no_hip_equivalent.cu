// Device functions CUDA declares that no HIP does: reported where used (they failed to compile
// with no finding before the device API surface check found them).
__global__ void cluster_sum(const float* in, float* out) {
  __shared__ float tile[256];
  unsigned rank = __clusterRelativeBlockRank();                   // expect: HPY103
  size_t shared_address = __cvta_generic_to_shared(&tile[0]);     // expect: HPY103
  tile[threadIdx.x] = __tanhf(in[threadIdx.x]) + rank + shared_address;  // expect: HPY103
  __threadfence_cluster();                                         // expect: HPY103
  double4_32a quad = make_double4_32a(1.0, 2.0, 3.0, 4.0);  // expect: HPY103
  if (__isShared(&tile[0])) out[threadIdx.x] = tile[threadIdx.x] + quad.x;  // expect: HPY103
}
