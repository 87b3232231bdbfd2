// CUdeviceptr is an unsigned integer in CUDA and hipDeviceptr_t is void * in HIP: arithmetic on
// one, and an integer forwarded where a constructor takes one, stop compiling. `base + bytes`
// to the end of its expression and `ptr += bytes;` become hipify_py_deviceptr_add (supplied,
// HPY530), a 0 forwarded hipDeviceptr_t{}; the rest is reported (HPY170). Passing one to the
// driver API, comparing it, a literal 0 in a direct call and a CUdeviceptr * are fine.
#include <cuda.h>

#include <memory>

struct Window {
  Window(size_t bytes, CUdeviceptr hint) : bytes_{bytes}, base_{hint} {}
  CUdeviceptr Base() const { return base_; }
  size_t bytes_;
  CUdeviceptr base_{0};
};

CUresult map_all(Window &w, size_t chunk, const CUmemGenericAllocationHandle *handles, int n) {
  CUdeviceptr at = w.Base();
  for (int k = 0; k < n; ++k) {
    CUresult status = cuMemMap(at, chunk, 0, handles[k], 0);
    if (status != CUDA_SUCCESS) return status;
    at += chunk;  // expect: HPY530
  }
  auto end = w.Base() + chunk * n;  // expect: HPY530
  return at == end ? CUDA_SUCCESS : CUDA_ERROR_UNKNOWN;
}

size_t used(const Window &w, CUdeviceptr top) {
  CUdeviceptr base = w.Base();
  return top - base;  // expect: HPY170
}

bool inside(const Window &w, CUdeviceptr p) {
  return p < w.Base() + w.bytes_;  // expect: HPY170
}

std::unique_ptr<Window> reserve(size_t bytes) {
  CUdeviceptr *where = nullptr;
  (void)where;
  Window direct(bytes, 0);
  (void)direct;
  auto fixed = std::make_unique<Window>(bytes, 0x10000ULL);  // expect: HPY170
  (void)fixed;
  return std::make_unique<Window>(bytes, 0ULL);
}

// Another class's member of the same name is a pointer of its own: its arithmetic is fine.
struct Bytes {
  const char *base_;
  const char *At(size_t k) const { return base_ + k; }
};
