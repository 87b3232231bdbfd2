// HIP names the tables know of but no HIP release declares: kept and reported, never emitted.
#include <cuda_runtime.h>

bool lossy(cudaError_t e) { return e == cudaErrorLossyQuery; }  // expect: HPY150
bool fine(cudaError_t e) { return e == cudaErrorInvalidValue; }
