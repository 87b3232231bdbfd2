// `struct cudaExternalMemoryHandleDesc` (C style, and as CUDA's own declarations write it): HIP
// declares these as typedefs, so the keyword goes; a project's own tag keeps its keyword.
#include <cuda_runtime.h>
void import_memory(int fd, size_t size, cudaExternalMemory_t* memory) {
  struct cudaExternalMemoryHandleDesc desc = {};
  desc.type = cudaExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = fd;
  desc.size = size;
  cudaImportExternalMemory(memory, &desc);
  enum cudaExternalSemaphoreHandleType kind = cudaExternalSemaphoreHandleTypeOpaqueFd;
  const struct cudaExternalMemoryBufferDesc* buffer = nullptr;
  (void)kind; (void)buffer;
}
struct cudaExternalMemoryHandleDesc;  // a forward declaration of CUDA's tag: goes
