// streams: overlapping copies and kernels on several streams, with events and host callbacks.
#include <cstdio>

#include "../common/helper_cuda.h"

__global__ void incKernel(int *g_out, const int *g_in, int N, int inner_reps) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N) {
    for (int i = 0; i < inner_reps; ++i) g_out[idx] = g_in[idx] + 1;
  }
}

void CUDART_CB myStreamCallback(cudaStream_t stream, cudaError_t status, void *data) {
  printf("callback from stream %d, status %s\n", *static_cast<int *>(data),
         cudaGetErrorString(status));
}

void CUDART_CB myHostFunc(void *data) { ++*static_cast<int *>(data); }

int main() {
  const int nStreams = 4;
  const int N = 1 << 20;
  const int chunk = N / nStreams;
  int *h_in, *h_out, *d_in, *d_out;
  checkCudaErrors(cudaMallocHost(&h_in, N * sizeof(int)));
  checkCudaErrors(cudaHostAlloc(&h_out, N * sizeof(int), cudaHostAllocDefault));
  checkCudaErrors(cudaMalloc(&d_in, N * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_out, N * sizeof(int)));
  for (int i = 0; i < N; ++i) h_in[i] = i;

  cudaStream_t streams[nStreams];
  int ids[nStreams];
  int host_counter = 0;
  for (int i = 0; i < nStreams; ++i) {
    checkCudaErrors(cudaStreamCreate(&streams[i]));
    ids[i] = i;
  }
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreateWithFlags(&start, cudaEventBlockingSync));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start, 0));
  for (int i = 0; i < nStreams; ++i) {
    const int offset = i * chunk;
    checkCudaErrors(cudaMemcpyAsync(d_in + offset, h_in + offset, chunk * sizeof(int),
                                    cudaMemcpyHostToDevice, streams[i]));
    incKernel<<<chunk / 256, 256, 0, streams[i]>>>(d_out + offset, d_in + offset, chunk, 4);
    checkCudaErrors(cudaMemcpyAsync(h_out + offset, d_out + offset, chunk * sizeof(int),
                                    cudaMemcpyDeviceToHost, streams[i]));
    checkCudaErrors(cudaStreamAddCallback(streams[i], myStreamCallback, &ids[i], 0));
    checkCudaErrors(cudaLaunchHostFunc(streams[i], myHostFunc, &host_counter));
  }
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  if (cudaStreamQuery(streams[0]) == cudaErrorNotReady) printf("stream 0 still busy\n");
  printf("%d chunks in %.2f ms, %d host functions ran\n", nStreams, ms, host_counter);
  for (int i = 0; i < nStreams; ++i) checkCudaErrors(cudaStreamDestroy(streams[i]));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFreeHost(h_in));
  checkCudaErrors(cudaFreeHost(h_out));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  return 0;
}
