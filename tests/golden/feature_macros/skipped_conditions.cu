// With --skip-excluded-preprocessor-conditional-blocks, the #if/#elif line of a skipped branch
// is still translated: hipcc evaluates it again, and as written (HIP defines no CUDA macro) it
// could select the skipped, untranslated branch. The branch itself stays as written.
#include <cuda_runtime.h>

#if CUDART_VERSION >= 13000
#define SYNC() cudaDeviceSynchronize()
#elif CUDART_VERSION >= 11000
#define SYNC() cudaDeviceSynchronize()
#else
#define SYNC() cudaThreadSynchronize()
#endif

__host__ __device__ int on_device() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}

int main() {
  SYNC();
  return on_device();
}
