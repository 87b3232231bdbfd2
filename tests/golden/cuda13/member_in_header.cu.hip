// The argument that tells CUDA 12's cuMemAdvise (a CUdevice) from CUDA 13's (a CUmemLocation)
// is a class member declared in the project header the file includes: its type is read there.
#include <hip/hip_runtime.h>
#include "managed_buffer.cuh"

void ManagedBuffer::grow(size_t bytes) {
  hipMemAdvise(data_, bytes, hipMemAdviseSetPreferredLocation, dev);
  hipMemAdvise_v2(data_, bytes, hipMemAdviseSetAccessedBy, home);
  hipMemPrefetchAsync(data_, bytes, dev, 0);
}
