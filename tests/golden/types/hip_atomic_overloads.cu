// HIP's device library defines atomic overloads CUDA lacks; a project's own definition of the
// same overload at global scope is a redefinition after translation.
__device__ float atomicMax(float* address, float val) {  // expect: HPY512
  int* as_int = reinterpret_cast<int*>(address);
  int old = *as_int, assumed;
  do {
    assumed = old;
    old = atomicCAS(as_int, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

inline __device__ unsigned long long int
atomicSub(unsigned long long int* address, const unsigned long long int value) {  // expect: HPY512
  return atomicAdd(address, ~value + 1);
}

// Not clashes: an overload HIP does not have, one in the project's own namespace, and calls.
__device__ short atomicMax(short* address, short val) { return val; }
namespace mine {
__device__ float atomicMin(float* address, float val) { return val; }
}
__global__ void use(float* f, unsigned long long* u) {
  atomicMax(f, 1.0f);
  atomicSub(u, 1ull);
}
