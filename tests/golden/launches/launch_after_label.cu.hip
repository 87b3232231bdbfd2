// A launch right after a case, default or goto label is a statement of its own: rewritten.
// After the ':' of a ?: it is part of an expression and keeps its chevrons.
#include <hip/hip_runtime.h>
__global__ void fill(int* out, int v) { out[threadIdx.x] = v; }

enum Mode { ONE, TWO, THREE };

void run(int* out, Mode mode, bool flag) {
  switch (mode) {
    case ONE:
      hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, out, 1);
      break;
    case (TWO):
      hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, out,
                      2);
      break;
    default:
      hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, out, 3);
  }
  if (flag) goto done;
  hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, out, 4);
done:
  hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, out, 5);
  flag ? (void)0 : fill<<<1, 32>>>(out, 6);  // expect: HPY901
}
