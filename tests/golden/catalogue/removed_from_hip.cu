// --hip-version 7.0: a hipTensor name that hipTensor removed is kept and reported.
#include <cutensor.h>
void old_api(cutensorHandle_t *handle) {
  cutensorContraction(handle, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0, 0);  // expect: HPY151
}
