// CUB's dispatch layer, which projects call for an offset type of their own: DispatchRadixSort,
// DispatchSegmentedRadixSort and DispatchScan are supplied (HPY530), forwarding to hipCUB's
// public algorithms; the rest of the layer is reported (HPY105).
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <hipcub/hipcub.hpp>

#include <cstdint>

template <bool Descending, typename Key, typename Value>
hipError_t sort_pairs(void *tmp, size_t &bytes, const Key *keys_in, Key *keys_out,
                       const Value *values_in, Value *values_out, std::int64_t n,
                       hipStream_t stream) {
  hipcub::DoubleBuffer<Key> keys(const_cast<Key *>(keys_in), keys_out);
  hipcub::DoubleBuffer<Value> values(const_cast<Value *>(values_in), values_out);
  return hipify_py_cub_DispatchRadixSort<Descending, Key, Value, std::int64_t>::Dispatch(  // expect: HPY530
      tmp, bytes, keys, values, n, 0, int(sizeof(Key) * 8), false, stream);
}

template <typename Key, typename Offsets>
hipError_t sort_segments(void *tmp, size_t &bytes, hipcub::DoubleBuffer<Key> &keys, int n,
                          int segments, Offsets begin, Offsets end, hipStream_t stream) {
  hipcub::DoubleBuffer<hipcub::NullType> none;
  return hipify_py_cub_DispatchSegmentedRadixSort<false, Key, hipcub::NullType, Offsets, Offsets,  // expect: HPY530
                                         int>::Dispatch(tmp, bytes, keys, none, n, segments,
                                                        begin, end, 0, int(sizeof(Key) * 8),
                                                        true, stream);
}

struct Add {
  __host__ __device__ std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    return a + b;
  }
};

hipError_t running_sums(void *tmp, size_t &bytes, const std::int64_t *in, std::int64_t *out,
                         std::int64_t n, hipStream_t s) {
  using Inclusive = hipify_py_cub_DispatchScan<const std::int64_t *, std::int64_t *, Add,  // expect: HPY530
                                      hipcub::NullType, std::int64_t>;
  hipError_t status = Inclusive::Dispatch(tmp, bytes, in, out, Add{}, hipcub::NullType{}, n, s);
  if (status != hipSuccess) return status;
  return hipify_py_cub_DispatchScan<const std::int64_t *, std::int64_t *, Add, std::int64_t,  // expect: HPY530
                           std::int64_t>::Dispatch(tmp, bytes, in, out, Add{}, std::int64_t{0},
                                                   n, s);
}

template hipError_t sort_pairs<true, float, std::uint32_t>(void *, size_t &, const float *,
                                                            float *, const std::uint32_t *,
                                                            std::uint32_t *, std::int64_t,
                                                            hipStream_t);
template hipError_t sort_pairs<false, float, std::uint32_t>(void *, size_t &, const float *,
                                                             float *, const std::uint32_t *,
                                                             std::uint32_t *, std::int64_t,
                                                             hipStream_t);
template hipError_t sort_segments<float, const int *>(void *, size_t &,
                                                       hipcub::DoubleBuffer<float> &, int, int,
                                                       const int *, const int *, hipStream_t);
