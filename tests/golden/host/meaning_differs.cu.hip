// Names HIP has with another meaning are translated and reported on every use.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void timed(long long* cycles) {
  long long start = clock64();  // expect: HPY170
  cycles[threadIdx.x] = clock64() - start;  // expect: HPY170
}

// GPU_OVERLAP is a flag: HIP's DeviceOverlap is that flag (AsyncEngineCount is a fixed 8 on AMD).
bool can_overlap(int device) {
  int overlap = 0, engines = 0;
  hipDeviceGetAttribute(&overlap, hipDeviceAttributeDeviceOverlap, device);
  hipDeviceGetAttribute(&engines, hipDeviceAttributeAsyncEngineCount, device);  // expect: HPY171
  return overlap != 0 && engines > 0;
}

// A compute capability from HIP is the gfx ISA version: a test of it is reported, printing it is
// not (the value means something else, but the program does the same thing).
bool has_tensor_cores(int device) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, device);
  std::printf("%s: compute capability %d.%d\n", prop.name, prop.major, prop.minor);
  int cc = 0;
  hipDeviceGetAttribute(&cc, hipDeviceAttributeComputeCapabilityMajor, device);  // expect: HPY170
  return prop.major >= 7 && cc >= 7;  // expect: HPY170
}

void setup(size_t fifo) {
  hipDeviceSetLimit(hipLimitPrintfFifoSize, fifo);  // expect: HPY170
  hipDeviceSetCacheConfig(hipFuncCachePreferShared);  // expect: HPY171
}

__global__ void scrub(float* x) { x[threadIdx.x] = __saturatef(x[threadIdx.x]); }  // expect: HPY170

float* shared_buffer(size_t n) {
  float* p = nullptr;
  hipMallocManaged(&p, n * sizeof(float));  // expect: HPY171
  return p;
}
