#include <cuda.h>
#include <cuda_runtime.h>

void wait(cudaStream_t s) { cudaStreamSynchronize(s); }
void wait(CUstream s) { cuStreamSynchronize(s); } // expect: HPY510, HPY700
