// One name per family with no HIP equivalent: each is left as it is and reported with its
// family's code.
#include <cuda_runtime.h>

__device__ float divide(float a, float b) { return fdivide(a, b); }  // expect: HPY103

void per_family(nvrtcProgram prog, cublasHandle_t blas, cudnnHandle_t dnn, cutensorHandle_t tensor,
                cusparseMatDescr_t descr, cufftHandle plan) {
  size_t size = 0;
  nvrtcGetLTOIRSize(prog, &size);  // expect: HPY104
  int n = CUB_CAT(1, 2);  // expect: HPY105
  cufftCompatibility mode = CUFFT_COMPATIBILITY_DEFAULT;  // expect: HPY106
  cublasAsumEx(blas, n, nullptr, CUDA_R_32F, nullptr, CUDA_R_32F, CUDA_R_32F);  // expect: HPY108
  curandDistribution_t distribution;  // expect: HPY109
  csrcholInfo_t chol;  // expect: HPY110
  cusparseBsrSetStridedBatch(descr, n, 0, 0);  // expect: HPY111
  cudnnAdvVersionCheck();  // expect: HPY112
  cutensorBlockSparseContract(tensor);  // expect: HPY113
  cusparseLtSplitKMode_t split = CUSPARSELT_INVALID_MODE;  // expect: HPY114
  int kind = CU_FILE_MAX_TARGET_TYPES;  // expect: HPY115
  (void)mode; (void)distribution; (void)chol; (void)split; (void)kind;
}
