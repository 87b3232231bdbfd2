// Latin-1 comment: naïve résumé (not valid UTF-8)  expect: HPY904
#include <hip/hip_runtime.h>

int main() {
  void *p;
  const char *msg = "déjà vu: hipMalloc";
  return (int)hipMalloc(&p, 16) + (msg != 0);
}
