// CUB's dispatch layer, which projects call for an offset type of their own: DispatchRadixSort,
// DispatchSegmentedRadixSort and DispatchScan are supplied (HPY530), forwarding to hipCUB's
// public algorithms; the rest of the layer is reported (HPY105).
#include <cub/cub.cuh>

#include <cstdint>

template <bool Descending, typename Key, typename Value>
cudaError_t sort_pairs(void *tmp, size_t &bytes, const Key *keys_in, Key *keys_out,
                       const Value *values_in, Value *values_out, std::int64_t n,
                       cudaStream_t stream) {
  cub::DoubleBuffer<Key> keys(const_cast<Key *>(keys_in), keys_out);
  cub::DoubleBuffer<Value> values(const_cast<Value *>(values_in), values_out);
  return cub::DispatchRadixSort<Descending, Key, Value, std::int64_t>::Dispatch(  // expect: HPY530
      tmp, bytes, keys, values, n, 0, int(sizeof(Key) * 8), false, stream);
}

template <typename Key, typename Offsets>
cudaError_t sort_segments(void *tmp, size_t &bytes, cub::DoubleBuffer<Key> &keys, int n,
                          int segments, Offsets begin, Offsets end, cudaStream_t stream) {
  cub::DoubleBuffer<cub::NullType> none;
  return cub::DispatchSegmentedRadixSort<false, Key, cub::NullType, Offsets, Offsets,  // expect: HPY530
                                         int>::Dispatch(tmp, bytes, keys, none, n, segments,
                                                        begin, end, 0, int(sizeof(Key) * 8),
                                                        true, stream);
}

struct Add {
  __host__ __device__ std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    return a + b;
  }
};

cudaError_t running_sums(void *tmp, size_t &bytes, const std::int64_t *in, std::int64_t *out,
                         std::int64_t n, cudaStream_t s) {
  using Inclusive = cub::DispatchScan<const std::int64_t *, std::int64_t *, Add,  // expect: HPY530
                                      cub::NullType, std::int64_t>;
  cudaError_t status = Inclusive::Dispatch(tmp, bytes, in, out, Add{}, cub::NullType{}, n, s);
  if (status != cudaSuccess) return status;
  return cub::DispatchScan<const std::int64_t *, std::int64_t *, Add, std::int64_t,  // expect: HPY530
                           std::int64_t>::Dispatch(tmp, bytes, in, out, Add{}, std::int64_t{0},
                                                   n, s);
}

template cudaError_t sort_pairs<true, float, std::uint32_t>(void *, size_t &, const float *,
                                                            float *, const std::uint32_t *,
                                                            std::uint32_t *, std::int64_t,
                                                            cudaStream_t);
template cudaError_t sort_pairs<false, float, std::uint32_t>(void *, size_t &, const float *,
                                                             float *, const std::uint32_t *,
                                                             std::uint32_t *, std::int64_t,
                                                             cudaStream_t);
template cudaError_t sort_segments<float, const int *>(void *, size_t &,
                                                       cub::DoubleBuffer<float> &, int, int,
                                                       const int *, const int *, cudaStream_t);
