// A class whose members the .cu file's methods use: their declarations are here.
#pragma once
#include <cuda.h>

class ManagedBuffer {
 public:
  void grow(size_t bytes);

 private:
  CUdeviceptr data_;
  CUdevice dev;
  CUmemLocation home;
};
