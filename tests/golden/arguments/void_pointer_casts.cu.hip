// HIP declares hipHostAlloc and hipHostGetDevicePointer with void ** only (CUDA adds T **
// templates): a typed pointer's address gets a cast, a void * pointer's address needs none.
#include <hip/hip_runtime.h>

void *global_buffer;
float *global_floats;

void parameters(void *p, float *q, size_t n) {
  hipHostAlloc(&p, n, 0);
  hipHostAlloc(reinterpret_cast<void **>(&q), n, 0);
}

struct Buffers {
  void *ptr;
};

void locals(Buffers &b, size_t n) {
  void *host = nullptr;
  float *dev = nullptr;
  hipHostAlloc(&host, n, hipHostMallocMapped);
  hipHostGetDevicePointer(reinterpret_cast<void **>(&dev), host, 0);
  hipHostGetDevicePointer(&host, host, 0);
  hipHostAlloc(&global_buffer, n, 0);
  hipHostAlloc(reinterpret_cast<void **>(&global_floats), n, 0);
  hipHostAlloc(reinterpret_cast<void **>(&b.ptr), n, 0);  // not a plain name: the cast stays
  {
    float *host = nullptr;  // shadows the void * above
    hipHostAlloc(reinterpret_cast<void **>(&host), n, 0);
  }
}
