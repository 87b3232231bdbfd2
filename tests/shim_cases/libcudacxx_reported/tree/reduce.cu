#include <cuda/std/functional>  // expect: HPY200

__device__ float larger(float a, float b) {
  return cuda::maximum<>{}(a, b);  // expect: HPY119
}
