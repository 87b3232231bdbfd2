#pragma once
#include <cstddef>

// Mean and variance of n floats in device memory, computed on the GPU.
void device_moments(const float* data, std::size_t n, float* mean, float* variance);
