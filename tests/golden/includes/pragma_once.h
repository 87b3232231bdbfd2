#pragma once
// After #pragma once.
inline void sync_all() { cudaDeviceSynchronize(); }
