// texture_surface: read a CUDA array through a texture object, write another through a surface.
#include <cstdio>
#include <vector>

#include "../common/helper_cuda.h"

__global__ void transformKernel(cudaSurfaceObject_t output, cudaTextureObject_t input, int width,
                                int height, float theta) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float u = x / static_cast<float>(width) - 0.5f;
  float v = y / static_cast<float>(height) - 0.5f;
  float tu = u * cosf(theta) - v * sinf(theta) + 0.5f;
  float tv = v * cosf(theta) + u * sinf(theta) + 0.5f;
  float value = tex2D<float>(input, tu, tv);
  surf2Dwrite(value, output, x * sizeof(float), y);
}

int main() {
  const int width = 256, height = 256;
  std::vector<float> h_data(width * height, 0.5f);
  cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t cuInputArray, cuOutputArray;
  checkCudaErrors(cudaMallocArray(&cuInputArray, &channelDesc, width, height));
  checkCudaErrors(cudaMallocArray(&cuOutputArray, &channelDesc, width, height, cudaArraySurfaceLoadStore));
  checkCudaErrors(cudaMemcpy2DToArray(cuInputArray, 0, 0, h_data.data(), width * sizeof(float),
                                      width * sizeof(float), height, cudaMemcpyHostToDevice));

  cudaResourceDesc resDesc = {};
  resDesc.resType = cudaResourceTypeArray;
  resDesc.res.array.array = cuInputArray;
  cudaTextureDesc texDesc = {};
  texDesc.addressMode[0] = cudaAddressModeWrap;
  texDesc.addressMode[1] = cudaAddressModeWrap;
  texDesc.filterMode = cudaFilterModeLinear;
  texDesc.readMode = cudaReadModeElementType;
  texDesc.normalizedCoords = 1;
  cudaTextureObject_t texObj = 0;
  checkCudaErrors(cudaCreateTextureObject(&texObj, &resDesc, &texDesc, nullptr));

  cudaResourceDesc surfDesc = {};
  surfDesc.resType = cudaResourceTypeArray;
  surfDesc.res.array.array = cuOutputArray;
  cudaSurfaceObject_t surfObj = 0;
  checkCudaErrors(cudaCreateSurfaceObject(&surfObj, &surfDesc));

  dim3 block(16, 16);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  transformKernel<<<grid, block>>>(surfObj, texObj, width, height, 0.5f);
  getLastCudaError("transformKernel failed");
  checkCudaErrors(cudaMemcpy2DFromArray(h_data.data(), width * sizeof(float), cuOutputArray, 0, 0,
                                        width * sizeof(float), height, cudaMemcpyDeviceToHost));
  printf("out[0] = %.3f\n", h_data[0]);
  checkCudaErrors(cudaDestroySurfaceObject(surfObj));
  checkCudaErrors(cudaDestroyTextureObject(texObj));
  checkCudaErrors(cudaFreeArray(cuInputArray));
  checkCudaErrors(cudaFreeArray(cuOutputArray));
  return 0;
}
