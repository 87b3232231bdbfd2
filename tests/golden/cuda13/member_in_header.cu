// The argument that tells CUDA 12's cuMemAdvise (a CUdevice) from CUDA 13's (a CUmemLocation)
// is a class member declared in the project header the file includes: its type is read there.
#include "managed_buffer.cuh"

void ManagedBuffer::grow(size_t bytes) {
  cuMemAdvise(data_, bytes, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, dev);
  cuMemAdvise(data_, bytes, CU_MEM_ADVISE_SET_ACCESSED_BY, home);
  cuMemPrefetchAsync(data_, bytes, dev, 0);
}
