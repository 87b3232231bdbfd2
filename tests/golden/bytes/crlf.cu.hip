// CRLF line endings are kept, and so is everything the tool does not change.
#include <hip/hip_runtime.h>

int main() {
  void *p;
  hipMalloc(&p, 16);  // café ✓
  return (int)hipFree(p);
}
