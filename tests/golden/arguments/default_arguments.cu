// CUDA's C++ API declares default arguments that HIP's declarations lack: the default is spelled
// out, and calls that pass the argument are left alone.
#include <cuda_runtime.h>

void order(cudaStream_t a, cudaStream_t b, cudaEvent_t e) {
  cudaEventRecord(e, a);
  cudaStreamWaitEvent(b, e);
  cudaStreamWaitEvent(b, e, 0);
  cudaStreamWaitEvent(b, e, 0u);
}
