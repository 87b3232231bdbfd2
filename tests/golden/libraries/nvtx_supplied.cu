// Every NVTX name here is supplied (hipify_supplied.h, as no-ops that return what NVTX returns
// with no profiler attached): the includes go (HPY201) and each use carries a note (HPY530).
#include <cstdio>
#include <nvtx3/nvToolsExt.h> // expect: HPY201
#include <nvtx3/nvToolsExtCudaRt.h> // expect: HPY201

class ScopedMarker {
 public:
  explicit ScopedMarker(const char *label) { depth_ = nvtxRangePush(label); } // expect: HPY530
  ~ScopedMarker() { nvtxRangePop(); } // expect: HPY530
  int depth() const { return depth_; }

 private:
  int depth_;
};

__global__ void scale(float *v, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= k;
}

int run(float *v, int n) {
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  nvtxNameCudaStreamA(stream, "work"); // expect: HPY530
  nvtxNameOsThread(0, "host"); // expect: HPY530
  nvtxDomainHandle_t domain = nvtxDomainCreateA("solver"); // expect: HPY530, HPY530
  nvtxEventAttributes_t attr = {}; // expect: HPY530
  attr.version = NVTX_VERSION; // expect: HPY530
  attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE; // expect: HPY530
  attr.colorType = NVTX_COLOR_ARGB; // expect: HPY530
  attr.color = 0xff336699u;
  attr.messageType = NVTX_MESSAGE_TYPE_ASCII; // expect: HPY530
  attr.message.ascii = "scale";
  nvtxDomainRangePushEx(domain, &attr); // expect: HPY530
  {
    ScopedMarker marker("launch");
    scale<<<(n + 255) / 256, 256, 0, stream>>>(v, 2.0f, n);
    std::printf("depth %d\n", marker.depth());
  }
  nvtxRangeId_t id = nvtxRangeStartA("sync"); // expect: HPY530, HPY530
  cudaStreamSynchronize(stream);
  nvtxRangeEnd(id); // expect: HPY530
  nvtxMarkA("done"); // expect: HPY530
  nvtxDomainRangePop(domain); // expect: HPY530
  nvtxDomainDestroy(domain); // expect: HPY530
  return cudaStreamDestroy(stream) == cudaSuccess ? 0 : 1;
}
