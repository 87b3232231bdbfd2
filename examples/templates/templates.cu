// templates: a template kernel library used with functors and explicit template arguments.
#include <cstdio>

#include "../common/helper_cuda.h"
#include "kernel_library.cuh"

int main() {
  const int n = 4096;
  float *x, *y, *out;
  checkCudaErrors(cudaMallocManaged(&x, n * sizeof(float)));
  checkCudaErrors(cudaMallocManaged(&y, n * sizeof(float)));
  checkCudaErrors(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  checkCudaErrors((kernels::launch_transform<float, 4>(x, out, n, kernels::Square())));
  kernels::zip<float, kernels::Saxpy<float>><<<(n + 255) / 256, 256>>>(x, y, out, n, kernels::Saxpy<float>{2.0f});
  getLastCudaError("zip failed");
  checkCudaErrors(cudaDeviceSynchronize());
  printf("out[10] = %.1f\n", out[10]);
  cudaFree(x);
  cudaFree(y);
  cudaFree(out);
  return 0;
}
