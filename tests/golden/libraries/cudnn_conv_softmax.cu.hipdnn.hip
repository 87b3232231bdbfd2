// cuDNN: a convolution forward pass followed by a softmax (MIOpen by default).
#include <hip/hip_runtime.h>
#include <hipDNN.h>

void forward(hipdnnHandle_t handle, const float *x, const float *w, float *y, void *workspace,
             size_t workspaceSize) {
  hipdnnTensorDescriptor_t xDesc, yDesc;
  hipdnnFilterDescriptor_t wDesc;
  hipdnnConvolutionDescriptor_t convDesc;  // expect: HPY130
  hipdnnCreateTensorDescriptor(&xDesc);
  hipdnnCreateTensorDescriptor(&yDesc);
  hipdnnCreateFilterDescriptor(&wDesc);  // expect[default,roc]: HPY112  // expect[hipdnn]: HPY130
  hipdnnCreateConvolutionDescriptor(&convDesc);  // expect: HPY130
  hipdnnSetTensor4dDescriptor(xDesc, HIPDNN_TENSOR_NCHW, HIPDNN_DATA_FLOAT, 1, 3, 32, 32);  // expect[default,roc]: HPY112
  hipdnnSetTensor4dDescriptor(yDesc, HIPDNN_TENSOR_NCHW, HIPDNN_DATA_FLOAT, 1, 8, 32, 32);  // expect[default,roc]: HPY112
  const float alpha = 1.0f, beta = 0.0f;
  hipdnnConvolutionForward(handle, &alpha, xDesc, x, wDesc, w, convDesc,  // expect: HPY130
                          HIPDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM, workspace, workspaceSize, &beta,
                          yDesc, y);
  hipdnnSoftmaxForward(handle, HIPDNN_SOFTMAX_ACCURATE, HIPDNN_SOFTMAX_MODE_CHANNEL, &alpha, yDesc, y,
                      &beta, yDesc, y);
  hipdnnDestroyTensorDescriptor(xDesc);
  hipdnnDestroyTensorDescriptor(yDesc);
  hipdnnDestroyFilterDescriptor(wDesc);  // expect[default,roc]: HPY112  // expect[hipdnn]: HPY130
  hipdnnDestroyConvolutionDescriptor(convDesc);  // expect: HPY130
}
