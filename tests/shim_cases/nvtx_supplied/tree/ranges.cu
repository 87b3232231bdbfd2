#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>

struct Range {
  explicit Range(const char *name) { nvtxRangePushA(name); }
  ~Range() { nvtxRangePop(); }
};

__global__ void fill(int *out, int v) { out[threadIdx.x] = v; }

int fill_all(int *out) {
  cudaStream_t stream;
  if (cudaStreamCreate(&stream) != cudaSuccess) return 1;
  nvtxNameCudaStreamA(stream, "fill");
  nvtxEventAttributes_t attr = {};
  attr.version = NVTX_VERSION;
  attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attr.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attr.message.ascii = "fill";
  nvtxRangeId_t id = nvtxRangeStartEx(&attr);
  {
    Range r("launch");
    fill<<<1, 32, 0, stream>>>(out, 7);
  }
  nvtxRangeEnd(id);
  return cudaStreamDestroy(stream) == cudaSuccess ? 0 : 1;
}
