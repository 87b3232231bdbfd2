// With --skip-excluded-preprocessor-conditional-blocks, the #if/#elif line of a skipped branch
// is still translated: hipcc evaluates it again, and as written (HIP defines no CUDA macro) it
// could select the skipped, untranslated branch. The branch itself stays as written.
#include <hip/hip_runtime.h>

#if 12060 >= 13000
#define SYNC() cudaDeviceSynchronize()
#elif 12060 >= 11000
#define SYNC() hipDeviceSynchronize()
#else
#define SYNC() cudaThreadSynchronize()
#endif

__host__ __device__ int on_device() {
#ifdef __HIP_DEVICE_COMPILE__
  return 1;
#else
  return 0;
#endif
}

int main() {
  SYNC();
  return on_device();
}
