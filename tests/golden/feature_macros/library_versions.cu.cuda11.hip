// Library version macros are those of the CUDA release the code is read as (--cuda-version), so
// with --skip-excluded-preprocessor-conditional-blocks only that release's branches translate.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void pick(hipsparseHandle_t* handle) {
#if CUSPARSE_VERSION >= 12000
  cusparseCreate(handle);
#else
  hipsparseCreate(handle);
#endif
#if defined(CUDNN_MAJOR) && CUDNN_MAJOR >= 9
  cudaDeviceSynchronize();
#else
  hipDeviceSynchronize();
#endif
#if CUB_VERSION >= 200000
  cudaFree(nullptr);
#endif
}
