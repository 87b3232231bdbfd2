// CUDA names no table lists but whose namespace or prefix says they are CUDA's: each use the
// target HIP lacks is reported on its line. Look-alikes that are the user's are not.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
namespace cg = cooperative_groups;

namespace mylib {
namespace cuda {
inline int device_count() { return 1; }
}  // namespace mylib::cuda
}  // namespace mylib

// The project's own helper with a CUDA-looking prefix: declared here, so it is the user's.
__device__ float __nv_saturate(float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); }

// A branch for a newer CUDA than the one the code is read as: never compiled, nothing to say
// (the cuda12 variant). Read as CUDA 13 (the default), whose Thrust is 3.x, it is live.
#if THRUST_MAJOR_VERSION >= 3
using plus = cuda::std::plus<int>;  // expect[default]: HPY119
#else
using plus = thrust::plus<int>;
#endif

__device__ cuda::std::atomic<int> counter;  // expect: HPY119

__global__ void reduceTile(float *out, const float *in) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  float v = __nv_saturate(in[block.thread_rank()]);
  float s = cg::reduce(tile, v, cg::plus<float>());  // expect: HPY119, HPY119
  cooperative_groups::sync(block);
  if (tile.thread_rank() == 0) out[blockIdx.x] = s;
  __pipeline_commit();  // expect: HPY119
}

int launch(float *out, const float *in) {
  nvtxDomainResourceCreate(nullptr, nullptr);  // expect: HPY119
  hipLaunchKernelGGL(reduceTile, dim3(1), dim3(64), 0, 0, out, in);
  nvtxDomainResourceDestroy(nullptr);  // expect: HPY119
  return mylib::cuda::device_count() + thrust::plus<int>()(1, 2);
}
