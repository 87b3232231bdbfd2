// CUB names hipCUB does not declare: the dispatch layer under the Device* algorithms and the
// device queries of cub/util_device.cuh become hipcub:: like every cub:: name, and each use is
// reported (HPY105), since hipcub:: has no such member on AMD; cub::CurrentDevice is supplied
// (HPY530), as are the radix sorts' and the scan's dispatch (cub_dispatch_supplied.cu). The
// public algorithms are fine.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hipcub/hipcub.hpp>

template <typename In, typename Out, typename Offset>
hipError_t total(void *tmp, size_t &bytes, In in, Out out, Offset n, hipStream_t s) {
  using Reduce = hipcub::DispatchReduce<In, Out, Offset, hipcub::Sum>;  // expect: HPY105
  return Reduce::Dispatch(tmp, bytes, in, out, n, hipcub::Sum(), 0, s);
}

struct Device { int CurrentDevice; };

int which(const Device &d) {
  int mine = d.CurrentDevice;                 // a member of the user's own: not CUB's
  return mine + hipify_py_cub_CurrentDevice();         // expect: HPY530
}

bool synced(hipStream_t s) { return hipcub::SyncStream(s) == hipSuccess; }  // expect: HPY105

hipError_t sum(const int *in, int *out, int n, void *tmp, size_t &bytes) {
  return hipcub::DeviceReduce::Sum(tmp, bytes, in, out, n);
}
