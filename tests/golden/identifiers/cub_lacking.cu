// CUB names hipCUB does not declare: the dispatch layer under the Device* algorithms and the
// device queries of cub/util_device.cuh become hipcub:: like every cub:: name, and each use is
// reported (HPY105), since hipcub:: has no such member on AMD; cub::CurrentDevice is supplied
// (HPY530), as are the radix sorts' and the scan's dispatch (cub_dispatch_supplied.cu). The
// public algorithms are fine.
#include <cub/cub.cuh>

template <typename In, typename Out, typename Offset>
cudaError_t total(void *tmp, size_t &bytes, In in, Out out, Offset n, cudaStream_t s) {
  using Reduce = cub::DispatchReduce<In, Out, Offset, cub::Sum>;  // expect: HPY105
  return Reduce::Dispatch(tmp, bytes, in, out, n, cub::Sum(), 0, s);
}

struct Device { int CurrentDevice; };

int which(const Device &d) {
  int mine = d.CurrentDevice;                 // a member of the user's own: not CUB's
  return mine + cub::CurrentDevice();         // expect: HPY530
}

bool synced(cudaStream_t s) { return cub::SyncStream(s) == cudaSuccess; }  // expect: HPY105

cudaError_t sum(const int *in, int *out, int n, void *tmp, size_t &bytes) {
  return cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
}
