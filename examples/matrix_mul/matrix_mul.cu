// matrix_mul: tiled C = A * B with shared memory, timed with events.
#include <cstdio>
#include <vector>

#include "../common/helper_cuda.h"

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float *C, const float *A, const float *B, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

int main() {
  const int block_size = 32;
  const dim3 dimsA(5 * 2 * block_size, 5 * 2 * block_size, 1);
  const dim3 dimsB(5 * 4 * block_size, 5 * 2 * block_size, 1);
  const size_t size_A = dimsA.x * dimsA.y, size_B = dimsB.x * dimsB.y;
  std::vector<float> h_A(size_A, 1.0f), h_B(size_B, 0.01f);
  dim3 dimsC(dimsB.x, dimsA.y, 1);
  const size_t size_C = dimsC.x * dimsC.y;
  std::vector<float> h_C(size_C);
  findCudaDevice();

  float *d_A, *d_B, *d_C;
  cudaStream_t stream;
  checkCudaErrors(cudaMalloc(&d_A, size_A * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_B, size_B * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_C, size_C * sizeof(float)));
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  checkCudaErrors(cudaMemcpyAsync(d_A, h_A.data(), size_A * sizeof(float), cudaMemcpyHostToDevice, stream));
  checkCudaErrors(cudaMemcpyAsync(d_B, h_B.data(), size_B * sizeof(float), cudaMemcpyHostToDevice, stream));

  dim3 threads(block_size, block_size);
  dim3 grid(dimsB.x / threads.x, dimsA.y / threads.y);
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start, stream));
  const int nIter = 10;
  for (int j = 0; j < nIter; j++) {
    MatrixMulCUDA<block_size><<<grid, threads, 0, stream>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  }
  checkCudaErrors(cudaEventRecord(stop, stream));
  checkCudaErrors(cudaEventSynchronize(stop));
  float msecTotal = 0.0f;
  checkCudaErrors(cudaEventElapsedTime(&msecTotal, start, stop));
  printf("Time= %.3f msec per multiply\n", msecTotal / nIter);
  checkCudaErrors(cudaMemcpyAsync(h_C.data(), d_C, size_C * sizeof(float), cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaStreamDestroy(stream));
  return 0;
}
