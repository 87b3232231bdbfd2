// vector_add: C = A + B on the GPU, checked on the host.
#include <cmath>
#include <cstdio>
#include <vector>

#include "../common/helper_cuda.h"

__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < numElements) {
    C[i] = A[i] + B[i] + 0.0f;
  }
}

int main() {
  const int numElements = 50000;
  const size_t size = numElements * sizeof(float);
  std::vector<float> h_A(numElements), h_B(numElements), h_C(numElements);
  for (int i = 0; i < numElements; ++i) {
    h_A[i] = rand() / static_cast<float>(RAND_MAX);
    h_B[i] = rand() / static_cast<float>(RAND_MAX);
  }
  findCudaDevice();

  float *d_A = nullptr, *d_B = nullptr, *d_C = nullptr;
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_A), size));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_B), size));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_C), size));
  checkCudaErrors(cudaMemcpy(d_A, h_A.data(), size, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_B, h_B.data(), size, cudaMemcpyHostToDevice));

  int threadsPerBlock = 256;
  int blocksPerGrid = (numElements + threadsPerBlock - 1) / threadsPerBlock;
  printf("CUDA kernel launch with %d blocks of %d threads\n", blocksPerGrid, threadsPerBlock);
  vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_A, d_B, d_C, numElements);
  getLastCudaError("vectorAdd kernel failed");

  checkCudaErrors(cudaMemcpy(h_C.data(), d_C, size, cudaMemcpyDeviceToHost));
  for (int i = 0; i < numElements; ++i) {
    if (std::fabs(h_A[i] + h_B[i] - h_C[i]) > 1e-5f) {
      fprintf(stderr, "Result verification failed at element %d!\n", i);
      return EXIT_FAILURE;
    }
  }
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));
  printf("Test PASSED\n");
  return 0;
}
