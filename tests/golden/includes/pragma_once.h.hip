#pragma once
#include <hip/hip_runtime.h>
// After #pragma once.
inline void sync_all() { hipDeviceSynchronize(); }
