// Names that look like CUDA API but are not API uses: members, user namespaces, comments.
#include <hip/hip_runtime.h>

struct Allocator {
  int (*cudaMalloc)(void **, size_t);
  void cudaFree(void *p);
};

namespace mylib {
int cudaMemcpy(void *dst, const void *src, size_t n);
inline int copy(void *d, const void *s, size_t n) { return cudaMemcpy(d, s, n); }
}  // namespace mylib

int use(Allocator &a, Allocator *p, void *buf) {
  void *q = nullptr;
  a.cudaMalloc(&q, 16);   // member access: not the API
  p->cudaFree(q);         // member access through a pointer
  mylib::cudaMemcpy(buf, q, 16);  // the user's own function
  return ::hipMemcpy(buf, q, 16, hipMemcpyHostToDevice);  // explicit global: the API
}
