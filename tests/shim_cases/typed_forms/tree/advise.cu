#include <cuda_runtime.h>

void advise(float *data, size_t bytes, int device) {
  cudaMemLocation where = {};
  where.type = cudaMemLocationTypeDevice;
  where.id = device;
  cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, where);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, device); // expect: HPY700
}
