// A file that uses libcu++ beyond the names hipify-py supplies keeps its libcu++ include, which
// is reported, as is each use HIP has no counterpart of; the supplied names are still supplied.
#include <cuda/std/functional> // expect: HPY200

__device__ float clamp_add(float a, float b, float limit) {
  float sum = cuda::std::plus<float>{}(a, b); // expect: HPY119
  return cuda::minimum<>{}(sum, limit); // expect: HPY530
}
