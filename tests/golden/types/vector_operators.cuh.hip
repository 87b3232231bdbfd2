// helper_math.h style operators on CUDA vector types clash with HIP's own.
#pragma once
#include <hip/hip_runtime.h>

inline __host__ __device__ float3 operator+(float3 a, float3 b) {  // expect: HPY511
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __host__ __device__ void operator*=(float4 &a, float s) {  // expect: HPY511
  a.x *= s; a.y *= s; a.z *= s; a.w *= s;
}
inline __host__ __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

struct Particle {
  float3 pos;
  Particle operator+(const Particle &o) const { return {make_float3(pos.x + o.pos.x, 0, 0)}; }
};
