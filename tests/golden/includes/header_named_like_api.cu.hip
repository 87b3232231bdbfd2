// A header whose name is also an API name (curand() is a device function): the include is
// rewritten as a header, never renamed as an identifier.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

__global__ void draw(hiprandState *state, unsigned int *out) {
  out[threadIdx.x] = hiprand(&state[threadIdx.x]);
}
