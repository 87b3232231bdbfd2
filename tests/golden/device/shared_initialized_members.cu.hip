// A __shared__ array of a class whose members have default initializers: nvcc takes it (shared
// memory is left uninitialized), clang refuses it. One declarator becomes a reference into
// hipify_py_shared_storage, uninitialized as nvcc's (supplied, HPY530); two in one declaration
// are reported (HPY515). A class without initializers, and extern __shared__ storage the
// launch sizes, are fine.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <cstddef>
template <typename T>
struct Element {
  __host__ __device__ Element(size_t i, T v) : idx(i), value(v) {}
  Element() = default;
  __host__ __device__ bool Root() const { return idx == 0; }
  size_t idx{};
  T value{};
};
struct Plain {
  size_t idx;
  float value;
  __device__ float Twice() const { return value * 2; }
};
template <size_t kBlock>
__global__ void Kernel(const Element<float>* in, Plain* out) {
  __shared__ hipify_py_shared_storage<Element<float> [kBlock]> s_elements_hipify_py_storage; auto &s_elements = s_elements_hipify_py_storage.value;  // expect: HPY530
  __shared__ Element<float> first[2], second[2];  // expect: HPY515
  __shared__ Plain s_plain[kBlock];
  extern __shared__ Element<float> s_dynamic[];
  s_elements[threadIdx.x] = in[threadIdx.x];
  s_dynamic[threadIdx.x] = in[threadIdx.x];
  s_plain[threadIdx.x].value = s_elements[threadIdx.x].value + s_dynamic[threadIdx.x].value;
  out[threadIdx.x] = s_plain[threadIdx.x];
  first[0] = second[1];
}
template __global__ void Kernel<64>(const Element<float>*, Plain*);
