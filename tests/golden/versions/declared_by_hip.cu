// CUDA names the reference listed as unsupported that HIP declares under the obvious name,
// with the same parameters (scripts/declared_but_unsupported.py found them).
#include <cuda.h>
#include <cuda_runtime.h>

int stream_device(cudaStream_t stream, CUstream raw) {
  int device = -1;
  CUdevice raw_device;
  cudaStreamGetDevice(stream, &device);
  cuStreamGetDevice(raw, &raw_device);
  return device == raw_device ? device : -1;
}

void copies(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream) {
  cuMemcpy(dst, src, bytes);
  cuMemcpyAsync(dst, src, bytes, stream);
}

void prefetch(CUdeviceptr p, size_t bytes, CUstream stream) {
  CUmemLocation where = {};
  where.type = CU_MEM_LOCATION_TYPE_DEVICE;
  where.id = 0;
  cuMemAdvise_v2(p, bytes, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, where);
  cuMemPrefetchAsync_v2(p, bytes, where, 0, stream);
}

void wait_external(cudaStream_t stream, cudaEvent_t event) {
  cudaStreamWaitEvent(stream, event, cudaEventWaitDefault);
  cudaStreamWaitEvent(stream, event, cudaEventWaitExternal);
}

cudaJit_CacheMode cache_mode(bool l1) { return l1 ? cudaJitCacheOptionCA : cudaJitCacheOptionCG; }
int no_cache_mode() { return cudaJitCacheOptionNone; }

cudaMipmappedArray_t mipmaps(cudaExternalMemory_t memory, unsigned levels) {
  cudaExternalMemoryMipmappedArrayDesc desc = {};
  desc.formatDesc = cudaCreateChannelDesc<float>();
  desc.extent = make_cudaExtent(64, 64, 0);
  desc.numLevels = levels;
  cudaMipmappedArray_t out = nullptr;
  cudaExternalMemoryGetMappedMipmappedArray(&out, memory, &desc);
  return out;
}
