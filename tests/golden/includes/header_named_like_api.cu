// A header whose name is also an API name (curand() is a device function): the include is
// rewritten as a header, never renamed as an identifier.
#include <curand.h>
#include <curand_kernel.h>

__global__ void draw(curandState *state, unsigned int *out) {
  out[threadIdx.x] = curand(&state[threadIdx.x]);
}
