// helper_math.h style operators on CUDA vector types. HIP's vector types define the same
// operators: most of these still compile on HIP (the project's non-template function is the
// better match) and are left alone; compound assignments, increments and vector * vector tie with
// HIP's at every use, so they are kept for CUDA only and HIP's own serves AMD.
#pragma once
#include <hip/hip_runtime.h>

inline __host__ __device__ float3 operator+(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __host__ __device__ float4 operator-(float4 a, float4 b) {
  return make_float4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
}
inline __host__ __device__ float4 operator*(float4 a, float s) {
  return make_float4(a.x * s, a.y * s, a.z * s, a.w * s);
}
inline __host__ __device__ void operator*=(float4 &a, float s) {
  a.x *= s; a.y *= s; a.z *= s; a.w *= s;
}
inline __host__ __device__ float3 operator-(const float3 &a) { return make_float3(-a.x, -a.y, -a.z); }
#if !defined(__HIP_PLATFORM_AMD__)
inline __host__ __device__ void operator+=(float4 &a, float4 b) {  // expect: HPY511
  a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w;
}
#endif
#if !defined(__HIP_PLATFORM_AMD__)
inline __host__ __device__ void operator-=(int2 &a, const int2 &b) { a.x -= b.x; a.y -= b.y; }  // expect: HPY511
#endif
#if !defined(__HIP_PLATFORM_AMD__)
static __inline__ __host__ __device__ float2 operator*(float2 a, float2 b) {  // expect: HPY511
  return make_float2(a.x * b.x, a.y * b.y);
}
#endif
#if !defined(__HIP_PLATFORM_AMD__)
__host__ __device__ float4 operator/(float4 a, float4 b);  // expect: HPY511
#endif
#if !defined(__HIP_PLATFORM_AMD__)
inline __host__ __device__ float4 operator/(float4 a, float4 b) {  // expect: HPY511
  return make_float4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w);
}
#endif
#if !defined(__HIP_PLATFORM_AMD__)
inline __host__ __device__ uchar4 &operator++(uchar4 &a) {  // expect: HPY511
  ++a.x; ++a.y; ++a.z; ++a.w;
  return a;
}
#endif
// A dot product spelled as *: HIP's * gives a vector, so this cannot simply give way to it.
inline __host__ __device__ float operator*(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }  // expect: HPY511
inline __host__ __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

struct Particle {
  float3 pos;
  Particle operator+(const Particle &o) const { return {make_float3(pos.x + o.pos.x, 0, 0)}; }
  void operator+=(const Particle &o) { pos = pos + o.pos; }
};

__global__ void step(float4 *p, float2 *q, int2 *r, uchar4 *c, float3 *v) {
  float4 a = p[0];
  a += p[1];
  a *= 0.5f;
  p[0] = (a - p[2]) / p[3] * 2.f;
  q[0] = q[0] * q[1];
  r[0] -= r[1];
  ++c[0];
  v[0] = -(v[0] + v[1]);
}
