// pinned_managed: page-locked host memory (mapped, zero-copy) and managed memory with prefetch.
#include <cstdio>

#include "../common/helper_cuda.h"

__global__ void scale(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

int main() {
  const int n = 1 << 20;
  int device = findCudaDevice();
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, device));

  // Zero-copy: the kernel reads host memory through a device pointer.
  float *h_mapped = nullptr, *d_mapped = nullptr;
  checkCudaErrors(cudaSetDeviceFlags(cudaDeviceMapHost));
  checkCudaErrors(cudaHostAlloc(&h_mapped, n * sizeof(float), cudaHostAllocMapped));
  checkCudaErrors(cudaHostGetDevicePointer(&d_mapped, h_mapped, 0));
  for (int i = 0; i < n; ++i) h_mapped[i] = 1.0f;
  scale<<<(n + 255) / 256, 256>>>(d_mapped, 2.0f, n);
  checkCudaErrors(cudaDeviceSynchronize());

  // Registered memory: pin an existing allocation.
  static float registered[4096];
  checkCudaErrors(cudaHostRegister(registered, sizeof(registered), cudaHostRegisterDefault));
  checkCudaErrors(cudaHostUnregister(registered));

  // Managed memory with advice and prefetching.
  float *managed = nullptr;
  checkCudaErrors(cudaMallocManaged(&managed, n * sizeof(float), cudaMemAttachGlobal));
  for (int i = 0; i < n; ++i) managed[i] = 3.0f;
  if (prop.concurrentManagedAccess) {
    checkCudaErrors(cudaMemAdvise(managed, n * sizeof(float), cudaMemAdviseSetReadMostly, device));
    checkCudaErrors(cudaMemPrefetchAsync(managed, n * sizeof(float), device, 0));
  }
  scale<<<(n + 255) / 256, 256>>>(managed, 0.5f, n);
  checkCudaErrors(cudaDeviceSynchronize());
  size_t free_bytes = 0, total_bytes = 0;
  checkCudaErrors(cudaMemGetInfo(&free_bytes, &total_bytes));
  printf("mapped[0]=%.1f managed[0]=%.1f free=%zu MB\n", h_mapped[0], managed[0], free_bytes >> 20);
  checkCudaErrors(cudaFreeHost(h_mapped));
  checkCudaErrors(cudaFree(managed));
  return 0;
}
