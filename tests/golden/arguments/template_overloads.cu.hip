// cuda_runtime.h has T** template overloads of these calls; HIP declares void** only, so the
// translation adds the cast the template did implicitly.
#include <hip/hip_runtime.h>
void pinned(int n) {
  float *host = nullptr, *device = nullptr;
  hipHostAlloc(reinterpret_cast<void **>(&host), n * sizeof(float), hipHostMallocMapped);
  hipHostGetDevicePointer(reinterpret_cast<void **>(&device), host, 0);
  size_t pitch;
  double *rows;
  hipMallocPitch(reinterpret_cast<void **>(&rows), &pitch, 256 * sizeof(double), 64);
  hipMallocPitch((void **)&rows, &pitch, 256 * sizeof(double), 64);  // already cast: kept
}
