// cuDNN: a convolution forward pass followed by a softmax (MIOpen by default).
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

void forward(miopenHandle_t handle, const float *x, const float *w, float *y, void *workspace,
             size_t workspaceSize) {
  miopenTensorDescriptor_t xDesc, yDesc;
  miopenTensorDescriptor_t wDesc;
  miopenConvolutionDescriptor_t convDesc;  // expect: HPY130
  miopenCreateTensorDescriptor(&xDesc);
  miopenCreateTensorDescriptor(&yDesc);
  cudnnCreateFilterDescriptor(&wDesc);  // expect[default,roc]: HPY112  // expect[hipdnn]: HPY130
  miopenCreateConvolutionDescriptor(&convDesc);  // expect: HPY130
  cudnnSetTensor4dDescriptor(xDesc, miopenTensorNCHW, miopenFloat, 1, 3, 32, 32);  // expect[default,roc]: HPY112
  cudnnSetTensor4dDescriptor(yDesc, miopenTensorNCHW, miopenFloat, 1, 8, 32, 32);  // expect[default,roc]: HPY112
  const float alpha = 1.0f, beta = 0.0f;
  miopenConvolutionForward(handle, &alpha, xDesc, x, wDesc, w, convDesc, miopenConvolutionFwdAlgoImplicitGEMM, &beta, yDesc, y, workspace, workspaceSize);
  miopenSoftmaxForward_V2(handle, &alpha, yDesc, y, &beta, yDesc, y, MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL);
  miopenDestroyTensorDescriptor(xDesc);
  miopenDestroyTensorDescriptor(yDesc);
  cudnnDestroyFilterDescriptor(wDesc);  // expect[default,roc]: HPY112  // expect[hipdnn]: HPY130
  miopenDestroyConvolutionDescriptor(convDesc);  // expect: HPY130
}
