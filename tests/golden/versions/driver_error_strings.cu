// cuGetErrorString/cuGetErrorName became hipDrvGetErrorString/Name in HIP 5.4. For HIP 5.2 the
// HIP names are written all the same and hipify_supplied.h supplies them (from the runtime's
// strings); under HIP's NVIDIA platform, a layer that declares them wins over ours.
#include <cuda.h>
#include <cstdio>

#define CHECK(call)                                                      \
  do {                                                                   \
    CUresult status = (call);                                            \
    if (status != CUDA_SUCCESS) {                                        \
      const char *name = nullptr, *text = nullptr;                       \
      cuGetErrorName(status, &name);  /* expect[hip52]: HPY530 */        \
      cuGetErrorString(status, &text);  /* expect[hip52]: HPY530 */      \
      std::printf("%s: %s (%s)\n", #call, text, name);                   \
    }                                                                    \
  } while (0)

int main() {
  CHECK(cuInit(0));
  CUdevice device;
  CHECK(cuDeviceGet(&device, 0));
  return 0;
}
