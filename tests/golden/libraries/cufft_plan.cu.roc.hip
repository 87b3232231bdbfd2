// cuFFT: a batched 1-D complex-to-complex transform, forward then inverse.
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>

int transform(hipfftComplex *data, int nx, int batch, hipStream_t stream) {
  hipfftHandle plan;
  if (hipfftPlan1d(&plan, nx, HIPFFT_C2C, batch) != HIPFFT_SUCCESS) return 1;
  hipfftSetStream(plan, stream);
  hipfftExecC2C(plan, data, data, HIPFFT_FORWARD);
  hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD);
  size_t workSize = 0;
  hipfftGetSize(plan, &workSize);
  hipfftDestroy(plan);
  return 0;
}
