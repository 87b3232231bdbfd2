// A class whose members the .cu file's methods use: their declarations are here.
#pragma once
#include <hip/hip_runtime.h>

class ManagedBuffer {
 public:
  void grow(size_t bytes);

 private:
  hipDeviceptr_t data_;
  hipDevice_t dev;
  hipMemLocation home;
};
