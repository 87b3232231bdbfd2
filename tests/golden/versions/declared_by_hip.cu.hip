// CUDA names the reference listed as unsupported that HIP declares under the obvious name,
// with the same parameters (scripts/declared_but_unsupported.py found them).
#include <hip/hip_runtime.h>

int stream_device(hipStream_t stream, hipStream_t raw) {
  int device = -1;
  hipDevice_t raw_device;
  hipStreamGetDevice(stream, &device);
  hipStreamGetDevice(raw, &raw_device);
  return device == raw_device ? device : -1;
}

void copies(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes, hipStream_t stream) {
  hipMemcpy(dst, src, bytes, hipMemcpyDefault);
  hipMemcpyAsync(dst, src, bytes, hipMemcpyDefault, stream);
}

void prefetch(hipDeviceptr_t p, size_t bytes, hipStream_t stream) {
  hipMemLocation where = {};
  where.type = hipMemLocationTypeDevice;
  where.id = 0;
  hipMemAdvise_v2(p, bytes, hipMemAdviseSetPreferredLocation, where);
  hipMemPrefetchAsync_v2(p, bytes, where, 0, stream);
}

void wait_external(hipStream_t stream, hipEvent_t event) {
  hipStreamWaitEvent(stream, event, hipEventWaitDefault);
  hipStreamWaitEvent(stream, event, hipEventWaitExternal);
}

hipJitCacheMode cache_mode(bool l1) { return l1 ? hipJitCacheOptionCA : hipJitCacheOptionCG; }
int no_cache_mode() { return hipJitCacheOptionNone; }

hipMipmappedArray_t mipmaps(hipExternalMemory_t memory, unsigned levels) {
  hipExternalMemoryMipmappedArrayDesc desc = {};
  desc.formatDesc = hipCreateChannelDesc<float>();
  desc.extent = make_hipExtent(64, 64, 0);
  desc.numLevels = levels;
  hipMipmappedArray_t out = nullptr;
  hipExternalMemoryGetMappedMipmappedArray(&out, memory, &desc);
  return out;
}
