// Latin-1 comment: naïve résumé (not valid UTF-8)  expect: HPY904
#include <cuda_runtime.h>

int main() {
  void *p;
  const char *msg = "déjà vu: cudaMalloc";
  return (int)cudaMalloc(&p, 16) + (msg != 0);
}
