// cuFFT: a batched 1-D complex-to-complex transform, forward then inverse.
#include <cufft.h>

int transform(cufftComplex *data, int nx, int batch, cudaStream_t stream) {
  cufftHandle plan;
  if (cufftPlan1d(&plan, nx, CUFFT_C2C, batch) != CUFFT_SUCCESS) return 1;
  cufftSetStream(plan, stream);
  cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
  size_t workSize = 0;
  cufftGetSize(plan, &workSize);
  cufftDestroy(plan);
  return 0;
}
