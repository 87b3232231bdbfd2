// cub:: becomes hipcub:: in qualified names and using-directives; a user's own `cub` member does not.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

using namespace hipcub;

struct Config { int cub; };

void reduce(const int *in, int *out, int n, void *tmp, size_t bytes, Config c) {
  hipcub::DeviceReduce::Sum(tmp, bytes, in, out, n);
  int k = c.cub;
  (void)k;
}
