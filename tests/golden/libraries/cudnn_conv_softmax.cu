// cuDNN: a convolution forward pass followed by a softmax (MIOpen by default).
#include <cudnn.h>

void forward(cudnnHandle_t handle, const float *x, const float *w, float *y, void *workspace,
             size_t workspaceSize) {
  cudnnTensorDescriptor_t xDesc, yDesc;
  cudnnFilterDescriptor_t wDesc;
  cudnnConvolutionDescriptor_t convDesc;  // expect: HPY130
  cudnnCreateTensorDescriptor(&xDesc);
  cudnnCreateTensorDescriptor(&yDesc);
  cudnnCreateFilterDescriptor(&wDesc);  // expect[default,roc]: HPY112  // expect[hipdnn]: HPY130
  cudnnCreateConvolutionDescriptor(&convDesc);  // expect: HPY130
  cudnnSetTensor4dDescriptor(xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 3, 32, 32);  // expect[default,roc]: HPY112
  cudnnSetTensor4dDescriptor(yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 8, 32, 32);  // expect[default,roc]: HPY112
  const float alpha = 1.0f, beta = 0.0f;
  cudnnConvolutionForward(handle, &alpha, xDesc, x, wDesc, w, convDesc,  // expect: HPY130
                          CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM, workspace, workspaceSize, &beta,
                          yDesc, y);
  cudnnSoftmaxForward(handle, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &alpha, yDesc, y,
                      &beta, yDesc, y);
  cudnnDestroyTensorDescriptor(xDesc);
  cudnnDestroyTensorDescriptor(yDesc);
  cudnnDestroyFilterDescriptor(wDesc);  // expect[default,roc]: HPY112  // expect[hipdnn]: HPY130
  cudnnDestroyConvolutionDescriptor(convDesc);  // expect: HPY130
}
