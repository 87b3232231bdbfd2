// CRLF line endings are kept, and so is everything the tool does not change.
#include <cuda_runtime.h>

int main() {
  void *p;
  cudaMalloc(&p, 16);  // café ✓
  return (int)cudaFree(p);
}
