// CUDA's C++ API declares default arguments that HIP's declarations lack: the default is spelled
// out, and calls that pass the argument are left alone.
#include <hip/hip_runtime.h>

void order(hipStream_t a, hipStream_t b, hipEvent_t e) {
  hipEventRecord(e, a);
  hipStreamWaitEvent(b, e, 0);
  hipStreamWaitEvent(b, e, 0);
  hipStreamWaitEvent(b, e, 0u);
}
