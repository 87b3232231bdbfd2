// Every NVTX name here is supplied (hipify_supplied.h, as no-ops that return what NVTX returns
// with no profiler attached): the includes go (HPY201) and each use carries a note (HPY530).
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <cstdio>

class ScopedMarker {
 public:
  explicit ScopedMarker(const char *label) { depth_ = hipify_py_nvtxRangePushA(label); } // expect: HPY530
  ~ScopedMarker() { hipify_py_nvtxRangePop(); } // expect: HPY530
  int depth() const { return depth_; }

 private:
  int depth_;
};

__global__ void scale(float *v, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= k;
}

int run(float *v, int n) {
  hipStream_t stream;
  hipStreamCreate(&stream);
  hipify_py_nvtxNameCudaStreamA(stream, "work"); // expect: HPY530
  hipify_py_nvtxNameOsThreadA(0, "host"); // expect: HPY530
  hipify_py_nvtxDomainHandle_t domain = hipify_py_nvtxDomainCreateA("solver"); // expect: HPY530, HPY530
  hipify_py_nvtxEventAttributes_t attr = {}; // expect: HPY530
  attr.version = HIPIFY_PY_NVTX_VERSION; // expect: HPY530
  attr.size = HIPIFY_PY_NVTX_EVENT_ATTRIB_STRUCT_SIZE; // expect: HPY530
  attr.colorType = HIPIFY_PY_NVTX_COLOR_ARGB; // expect: HPY530
  attr.color = 0xff336699u;
  attr.messageType = HIPIFY_PY_NVTX_MESSAGE_TYPE_ASCII; // expect: HPY530
  attr.message.ascii = "scale";
  hipify_py_nvtxDomainRangePushEx(domain, &attr); // expect: HPY530
  {
    ScopedMarker marker("launch");
    hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, stream, v, 2.0f, n);
    std::printf("depth %d\n", marker.depth());
  }
  hipify_py_nvtxRangeId_t id = hipify_py_nvtxRangeStartA("sync"); // expect: HPY530, HPY530
  hipStreamSynchronize(stream);
  hipify_py_nvtxRangeEnd(id); // expect: HPY530
  hipify_py_nvtxMarkA("done"); // expect: HPY530
  hipify_py_nvtxDomainRangePop(domain); // expect: HPY530
  hipify_py_nvtxDomainDestroy(domain); // expect: HPY530
  return hipStreamDestroy(stream) == hipSuccess ? 0 : 1;
}
