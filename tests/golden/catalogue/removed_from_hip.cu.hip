// --hip-version 7.0: a hipTensor name that hipTensor removed is kept and reported.
#include <hip/hip_runtime.h>
#include <hiptensor/hiptensor.hpp>
void old_api(hiptensorHandle_t *handle) {
  cutensorContraction(handle, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0, 0);  // expect: HPY151
}
