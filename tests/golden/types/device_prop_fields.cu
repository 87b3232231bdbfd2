// hipDeviceProp_t had about half of cudaDeviceProp's fields before HIP 6.0, and lacks some in
// every HIP: a field read through a cudaDeviceProp variable is reported where the target lacks it.
#include <cstdio>

void show(int dev) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, dev);
  printf("%d.%d %d\n", prop.major, prop.minor, prop.deviceOverlap);  // expect[hip52]: HPY150
  printf("%d\n", prop.mpsEnabled);  // expect: HPY101
  struct Mine { int deviceOverlap; } mine = {1};  // a field of the user's own struct
  printf("%d\n", mine.deviceOverlap);
}

void list(const cudaDeviceProp* props, int n) {
  for (int k = 0; k < n; ++k) printf("%zu\n", props[k].sharedMemPerMultiprocessor);  // 5.2: its older name
  printf("%d\n", props->asyncEngineCount);  // expect[hip52]: HPY150
}
