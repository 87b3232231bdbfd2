// A file that uses libcu++ beyond the names hipify-py supplies keeps its libcu++ include, which
// is reported, as is each use HIP has no counterpart of; the supplied names are still supplied.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <cuda/std/functional> // expect: HPY200

__device__ float clamp_add(float a, float b, float limit) {
  float sum = cuda::std::plus<float>{}(a, b); // expect: HPY119
  return hipify_py_minimum<>{}(sum, limit); // expect: HPY530
}
