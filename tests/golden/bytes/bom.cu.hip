// A UTF-8 byte-order mark stays in front.
#include <hip/hip_runtime.h>

int main() {
  void *p;
  return (int)hipMalloc(&p, 16);
}
