// A UTF-8 byte-order mark stays in front.
#include <cuda_runtime.h>

int main() {
  void *p;
  return (int)cudaMalloc(&p, 16);
}
