// What used to pass through silently: each is reported on its line (the HIP 7.2 target).
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>  // expect: HPY200
#include <nvtx3/nvToolsExt.h>  // expect: HPY200
namespace cg = cooperative_groups;

__global__ void stage(float *out, const float *in) {
  __shared__ float tile[128];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, tile, in, sizeof(tile));  // expect: HPY119
  cg::wait(block);  // expect: HPY119
  __nanosleep(100);  // expect: HPY103
  out[threadIdx.x] = tile[threadIdx.x];
}

void annotate() {
  // NVTX's resource naming: hipify_supplied.h supplies only the core as no-ops (nvtx_*.cu)
  nvtxResourceAttributes_t attributes = {0};  // expect: HPY119
  nvtxDomainResourceCreate(0, &attributes);  // expect: HPY119
}
