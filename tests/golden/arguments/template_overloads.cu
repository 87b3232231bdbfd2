// cuda_runtime.h has T** template overloads of these calls; HIP declares void** only, so the
// translation adds the cast the template did implicitly.
void pinned(int n) {
  float *host = nullptr, *device = nullptr;
  cudaHostAlloc(&host, n * sizeof(float), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&device, host, 0);
  size_t pitch;
  double *rows;
  cudaMallocPitch(&rows, &pitch, 256 * sizeof(double), 64);
  cudaMallocPitch((void **)&rows, &pitch, 256 * sizeof(double), 64);  // already cast: kept
}
