// A project that names its own namespace `cuda` (a backend of a multi-backend library) and its
// own NVTX-like helpers: nothing here is CUDA's, nothing is reported.
#include <cstdio>

namespace cuda {
struct stream {
  int id = 0;
};
inline int pipeline(const stream &s) { return s.id; }
}  // namespace cuda

struct Tracer {
  void nvtxRangePush(const char *name) { std::puts(name); }
};

static int nvtxDepth = 0;

int run() {
  cuda::stream s;
  Tracer t;
  t.nvtxRangePush("run");
  ++nvtxDepth;
  return cuda::pipeline(s) + nvtxDepth;
}
