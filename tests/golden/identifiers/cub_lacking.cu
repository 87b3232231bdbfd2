// CUB names hipCUB does not declare: the dispatch layer under the Device* algorithms and the
// device queries of cub/util_device.cuh become hipcub:: like every cub:: name, and each use is
// reported (HPY105), since hipcub:: has no such member on AMD; cub::CurrentDevice is supplied
// (HPY530). The public algorithms are fine.
#include <cub/cub.cuh>

template <typename Key, typename Offset>
cudaError_t sort_keys(void *tmp, size_t &bytes, cub::DoubleBuffer<Key> &keys, Offset n,
                      cudaStream_t stream) {
  cub::DoubleBuffer<cub::NullType> none;
  return cub::DispatchRadixSort<false, Key, cub::NullType, Offset>::Dispatch(  // expect: HPY105
      tmp, bytes, keys, none, n, 0, int(sizeof(Key) * 8), true, stream);
}

template <typename In, typename Out, typename Offset>
cudaError_t running_sum(void *tmp, size_t &bytes, In in, Out out, Offset n, cudaStream_t s) {
  using Dispatch = cub::DispatchScan<In, Out, cub::Sum, cub::NullType, Offset>;  // expect: HPY105
  return Dispatch::Dispatch(tmp, bytes, in, out, cub::Sum(), cub::NullType(), n, s);
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
