// Programmatic dependent launch, in the shapes real code uses: a scheduling hint HIP lacks.
// The attribute entries are taken out and the count of the config they were for becomes 0
// (hipLaunchKernelEx launches nothing for any attribute but a cooperative one); kernels on one
// stream stay ordered without it.
#include <cuda_runtime.h>

__global__ void produce(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.f * i;
  cudaTriggerProgrammaticLaunchCompletion(); // expect: HPY171
}

__global__ void consume(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cudaGridDependencySynchronize(); // expect: HPY171
  if (i < n) y[i] = x[i] + 1.f;
}

// One attribute, set field by field.
cudaError_t launch_consume(const float *x, float *y, int n, cudaStream_t stream) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3((n + 255) / 256);
  config.blockDim = dim3(256);
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  cudaLaunchAttribute attrs[1];
  attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization; // expect: HPY171
  attrs[0].val.programmaticStreamSerializationAllowed = 1; // expect: HPY171
  config.attrs = attrs;
  config.numAttrs = 1; // expect: HPY171
  return cudaLaunchKernelEx(&config, consume, x, y, n);
}

// Counted as they are added, behind a switch.
cudaError_t launch_counted(float *x, int n, cudaStream_t stream, bool pdl, cudaEvent_t done) {
  cudaLaunchAttribute attrs[2];
  unsigned count = 0;
  if (pdl) {
    attrs[count].id = cudaLaunchAttributeProgrammaticStreamSerialization; // expect: HPY171
    attrs[count].val.programmaticStreamSerializationAllowed = 1; // expect: HPY171
    ++count;
    attrs[count].id = cudaLaunchAttributeProgrammaticEvent; // expect: HPY171
    attrs[count].val.programmaticEvent.event = done; // expect: HPY171
    attrs[count].val.programmaticEvent.triggerAtBlockStart = 0; // expect: HPY171
    ++count;
  }
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3((n + 255) / 256);
  config.blockDim = dim3(256);
  config.stream = stream;
  config.attrs = &attrs[0];
  config.numAttrs = count; // expect: HPY171
  return cudaLaunchKernelEx(&config, produce, x, n);
}

// A designated initializer.
cudaError_t launch_designated(float *x, int n, cudaStream_t stream) {
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization; // expect: HPY171
  attribute.val.programmaticStreamSerializationAllowed = 1; // expect: HPY171
  cudaLaunchConfig_t config = {.gridDim = dim3((n + 127) / 128), .blockDim = dim3(128),
                               .dynamicSmemBytes = 0, .stream = stream, .attrs = &attribute,
                               .numAttrs = 1}; // expect: HPY171
  return cudaLaunchKernelEx(&config, produce, x, n);
}

// Counted with sizeof.
cudaError_t launch_sized(float *x, int n, cudaStream_t stream) {
  cudaLaunchAttribute attrs[1];
  attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization; // expect: HPY171
  attrs[0].val.programmaticStreamSerializationAllowed = true; // expect: HPY171
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3((n + 255) / 256);
  config.blockDim = dim3(256);
  config.stream = stream;
  config.attrs = attrs;
  config.numAttrs = sizeof(attrs) / sizeof(cudaLaunchAttribute); // expect: HPY171
  return cudaLaunchKernelEx(&config, produce, x, n);
}
