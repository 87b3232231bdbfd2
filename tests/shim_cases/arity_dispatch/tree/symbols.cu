#include <cuda_runtime.h>

__constant__ int table[8];

void upload(const int *values, cudaStream_t stream) {
  cudaMemcpyToSymbol(table, values, 4 * sizeof(int));
  cudaMemcpyToSymbol(table, values + 4, 4 * sizeof(int), 4 * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbolAsync(table, values, sizeof(int), 0, cudaMemcpyHostToDevice, stream);
}

// CUDA's C++ overload takes flags; HIP names that form hipEventCreateWithFlags.
void events(cudaEvent_t *plain, cudaEvent_t *timed) {
  cudaEventCreate(plain);
  cudaEventCreate(timed, cudaEventDisableTiming);
}
