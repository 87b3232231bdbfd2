// CUDART_CB is __stdcall on Windows and empty elsewhere; HIP callbacks need none.
#include <cstdio>
void CUDART_CB onDone(cudaStream_t stream, cudaError_t status, void *data) {  // expect: HPY500
  printf("%s\n", cudaGetErrorString(status));
}
void CUDARTAPI helper(void);  // expect: HPY500
void enqueue(cudaStream_t s) { cudaStreamAddCallback(s, onDone, nullptr, 0); }
