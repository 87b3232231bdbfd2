// NVML, which HIP lacks, supplied by hipify_supplied.h with the HIP runtime: every name this
// file uses of nvml.h is supplied, so the include goes (HPY201), and each use is renamed to its
// hipify_py_ name with a note (HPY530). nvmlDeviceGetClockInfo reads the peak clock, not the
// current one: a warning on each use (HPY170).
#include <cstdio>
#include <nvml.h> // expect: HPY201

#define NVML_CALL(call)                                                   \
  do {                                                                    \
    nvmlReturn_t rc_ = (call); /* expect: HPY530 */                       \
    if (rc_ != NVML_SUCCESS) /* expect: HPY530 */                         \
      std::fprintf(stderr, "%s\n", nvmlErrorString(rc_)); /* expect: HPY530 */ \
  } while (0)

struct Clocks {
  unsigned int graphics, sm, memory, current_memory;
};

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

static bool clocks_of(nvmlDevice_t device, Clocks *out) { // expect: HPY530
  const nvmlClockType_t types[] = {NVML_CLOCK_GRAPHICS, NVML_CLOCK_SM, NVML_CLOCK_MEM}; // expect: HPY530
  unsigned int *values[] = {&out->graphics, &out->sm, &out->memory};
  for (int k = 0; k < 3; ++k)
    if (nvmlDeviceGetMaxClockInfo(device, types[k], values[k]) != NVML_SUCCESS) return false; // expect: HPY530
  return nvmlDeviceGetClockInfo(device, NVML_CLOCK_MEM, &out->current_memory) == NVML_SUCCESS; // expect: HPY170, HPY530
}

int main() {
  if (nvmlInit_v2() != NVML_SUCCESS) return 1; // expect: HPY530
  unsigned int count = 0;
  NVML_CALL(nvmlDeviceGetCount_v2(&count)); // expect: HPY530
  for (unsigned int i = 0; i < count; ++i) {
    nvmlDevice_t device; // expect: HPY530
    char name[NVML_DEVICE_NAME_V2_BUFFER_SIZE]; // expect: HPY530
    Clocks clocks;
    NVML_CALL(nvmlDeviceGetHandleByIndex(i, &device)); // expect: HPY530
    NVML_CALL(nvmlDeviceGetName(device, name, NVML_DEVICE_NAME_V2_BUFFER_SIZE)); // expect: HPY530
    if (clocks_of(device, &clocks))
      std::printf("%u: %s, SM %u MHz, memory %u MHz\n", i, name, clocks.sm, clocks.memory);
  }
  nvmlDevice_t first; // expect: HPY530
  nvmlReturn_t found = nvmlDeviceGetHandleByPciBusId_v2("00000000:65:00.0", &first); // expect: HPY530
  if (found == NVML_ERROR_NOT_FOUND) std::puts("no GPU at 65:00.0"); // expect: HPY530
  float *x;
  cudaMalloc(&x, 256 * sizeof(float));
  scale<<<1, 256>>>(x, 2.0f, 256);
  cudaFree(x);
  return nvmlShutdown() == NVML_SUCCESS ? 0 : 1; // expect: HPY530
}
