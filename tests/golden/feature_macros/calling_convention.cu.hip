// CUDART_CB is __stdcall on Windows and empty elsewhere; HIP callbacks need none.
#include <hip/hip_runtime.h>
#include <cstdio>
void onDone(hipStream_t stream, hipError_t status, void *data) {  // expect: HPY500
  printf("%s\n", hipGetErrorString(status));
}
void helper(void);  // expect: HPY500
void enqueue(hipStream_t s) { hipStreamAddCallback(s, onDone, nullptr, 0); }
