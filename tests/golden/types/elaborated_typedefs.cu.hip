// `struct cudaExternalMemoryHandleDesc` (C style, and as CUDA's own declarations write it): HIP
// declares these as typedefs, so the keyword goes; a project's own tag keeps its keyword.
#include <hip/hip_runtime.h>
void import_memory(int fd, size_t size, hipExternalMemory_t* memory) {
  hipExternalMemoryHandleDesc desc = {};
  desc.type = hipExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = fd;
  desc.size = size;
  hipImportExternalMemory(memory, &desc);
  hipExternalSemaphoreHandleType kind = hipExternalSemaphoreHandleTypeOpaqueFd;
  const hipExternalMemoryBufferDesc* buffer = nullptr;
  (void)kind; (void)buffer;
}
  // a forward declaration of CUDA's tag: goes
