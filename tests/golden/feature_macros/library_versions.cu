// Library version macros are those of the CUDA release the code is read as (--cuda-version), so
// with --skip-excluded-preprocessor-conditional-blocks only that release's branches translate.
#include <cuda_runtime.h>
#include <cusparse.h>

void pick(cusparseHandle_t* handle) {
#if CUSPARSE_VERSION >= 12000
  cusparseCreate(handle);
#else
  cusparseCreate(handle);
#endif
#if defined(CUDNN_MAJOR) && CUDNN_MAJOR >= 9
  cudaDeviceSynchronize();
#else
  cudaDeviceSynchronize();
#endif
#if CUB_VERSION >= 200000
  cudaFree(nullptr);
#endif
}
