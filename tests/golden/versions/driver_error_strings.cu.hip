// cuGetErrorString/cuGetErrorName became hipDrvGetErrorString/Name in HIP 5.4. For HIP 5.2 the
// HIP names are written all the same and hipify_supplied.h supplies them (from the runtime's
// strings); under HIP's NVIDIA platform, a layer that declares them wins over ours.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK(call)                                                      \
  do {                                                                   \
    hipError_t status = (call);                                            \
    if (status != hipSuccess) {                                        \
      const char *name = nullptr, *text = nullptr;                       \
      hipDrvGetErrorName(status, &name);  /* expect[hip52]: HPY530 */        \
      hipDrvGetErrorString(status, &text);  /* expect[hip52]: HPY530 */      \
      std::printf("%s: %s (%s)\n", #call, text, name);                   \
    }                                                                    \
  } while (0)

int main() {
  CHECK(hipInit(0));
  hipDevice_t device;
  CHECK(hipDeviceGet(&device, 0));
  return 0;
}
