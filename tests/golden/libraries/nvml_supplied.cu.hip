// NVML, which HIP lacks, supplied by hipify_supplied.h with the HIP runtime: every name this
// file uses of nvml.h is supplied, so the include goes (HPY201), and each use is renamed to its
// hipify_py_ name with a note (HPY530). nvmlDeviceGetClockInfo reads the peak clock, not the
// current one: a warning on each use (HPY170).
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <cstdio>

#define NVML_CALL(call)                                                   \
  do {                                                                    \
    hipify_py_nvmlReturn_t rc_ = (call); /* expect: HPY530 */                       \
    if (rc_ != HIPIFY_PY_NVML_SUCCESS) /* expect: HPY530 */                         \
      std::fprintf(stderr, "%s\n", hipify_py_nvmlErrorString(rc_)); /* expect: HPY530 */ \
  } while (0)

struct Clocks {
  unsigned int graphics, sm, memory, current_memory;
};

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

static bool clocks_of(hipify_py_nvmlDevice_t device, Clocks *out) { // expect: HPY530
  const hipify_py_nvmlClockType_t types[] = {HIPIFY_PY_NVML_CLOCK_GRAPHICS, HIPIFY_PY_NVML_CLOCK_SM, HIPIFY_PY_NVML_CLOCK_MEM}; // expect: HPY530
  unsigned int *values[] = {&out->graphics, &out->sm, &out->memory};
  for (int k = 0; k < 3; ++k)
    if (hipify_py_nvmlDeviceGetMaxClockInfo(device, types[k], values[k]) != HIPIFY_PY_NVML_SUCCESS) return false; // expect: HPY530
  return hipify_py_nvmlDeviceGetClockInfo(device, HIPIFY_PY_NVML_CLOCK_MEM, &out->current_memory) == HIPIFY_PY_NVML_SUCCESS; // expect: HPY170, HPY530
}

int main() {
  if (hipify_py_nvmlInit() != HIPIFY_PY_NVML_SUCCESS) return 1; // expect: HPY530
  unsigned int count = 0;
  NVML_CALL(hipify_py_nvmlDeviceGetCount(&count)); // expect: HPY530
  for (unsigned int i = 0; i < count; ++i) {
    hipify_py_nvmlDevice_t device; // expect: HPY530
    char name[HIPIFY_PY_NVML_DEVICE_NAME_V2_BUFFER_SIZE]; // expect: HPY530
    Clocks clocks;
    NVML_CALL(hipify_py_nvmlDeviceGetHandleByIndex(i, &device)); // expect: HPY530
    NVML_CALL(hipify_py_nvmlDeviceGetName(device, name, HIPIFY_PY_NVML_DEVICE_NAME_V2_BUFFER_SIZE)); // expect: HPY530
    if (clocks_of(device, &clocks))
      std::printf("%u: %s, SM %u MHz, memory %u MHz\n", i, name, clocks.sm, clocks.memory);
  }
  hipify_py_nvmlDevice_t first; // expect: HPY530
  hipify_py_nvmlReturn_t found = hipify_py_nvmlDeviceGetHandleByPciBusId("00000000:65:00.0", &first); // expect: HPY530
  if (found == HIPIFY_PY_NVML_ERROR_NOT_FOUND) std::puts("no GPU at 65:00.0"); // expect: HPY530
  float *x;
  hipMalloc(&x, 256 * sizeof(float));
  hipLaunchKernelGGL(scale, dim3(1), dim3(256), 0, 0, x, 2.0f, 256);
  hipFree(x);
  return hipify_py_nvmlShutdown() == HIPIFY_PY_NVML_SUCCESS ? 0 : 1; // expect: HPY530
}
