// Programmatic dependent launch where taking the entry out is not a local rewrite: reported.
#include <cuda_runtime.h>

__global__ void k(float *x) { x[threadIdx.x] = 0.f; }

// The array also holds an attribute HIP keeps: the PDL entry cannot just leave the count.
cudaError_t mixed(float *x, cudaStream_t stream) {
  cudaLaunchAttribute attrs[2];
  attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization; // expect: HPY101
  attrs[0].val.programmaticStreamSerializationAllowed = 1; // expect: HPY101
  attrs[1].id = cudaLaunchAttributeCooperative;
  attrs[1].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(64);
  config.stream = stream;
  config.attrs = attrs;
  config.numAttrs = 2;
  return cudaLaunchKernelEx(&config, k, x);
}

// Filled by a helper: the count is set where this function cannot see.
void enable_pdl(cudaLaunchAttribute *attr) {
  attr->id = cudaLaunchAttributeProgrammaticStreamSerialization; // expect: HPY101
  attr->val.programmaticStreamSerializationAllowed = 1; // expect: HPY101
}

// Not a call: its address is taken.
__device__ void (*wait_for_previous)() = cudaGridDependencySynchronize; // expect: HPY103
