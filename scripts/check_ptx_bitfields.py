"""Compare hipify_py_ptx_bfe/_bfi (mappings/supplied_ptx.yaml) with the PTX instructions they
replace, on an NVIDIA GPU: writes a CUDA program that runs both on every (pos, len) pair of
0..255 for edge words and random words, and counts the differences.

    python scripts/check_ptx_bitfields.py OUT.cu && nvcc -std=c++17 -arch=sm_90 OUT.cu -o check && ./check

(scripts/prove_supplied.py's methods compare with a CUDA function of the same name, which an
instruction has not; this is the same comparison by hand.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

HEADER = """#include <cstdio>
#include <cstdint>
#include <type_traits>
namespace ours {
%s
}
template <typename T> __device__ T ptx_bfe(T a, unsigned b, unsigned c);
template <> __device__ unsigned ptx_bfe(unsigned a, unsigned b, unsigned c) {
  unsigned d; asm("bfe.u32 %%0, %%1, %%2, %%3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); return d; }
template <> __device__ int ptx_bfe(int a, unsigned b, unsigned c) {
  int d; asm("bfe.s32 %%0, %%1, %%2, %%3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); return d; }
template <> __device__ unsigned long long ptx_bfe(unsigned long long a, unsigned b, unsigned c) {
  unsigned long long d; asm("bfe.u64 %%0, %%1, %%2, %%3;" : "=l"(d) : "l"(a), "r"(b), "r"(c)); return d; }
template <> __device__ long long ptx_bfe(long long a, unsigned b, unsigned c) {
  long long d; asm("bfe.s64 %%0, %%1, %%2, %%3;" : "=l"(d) : "l"(a), "r"(b), "r"(c)); return d; }
template <typename T> __device__ T ptx_bfi(T a, T b, unsigned c, unsigned d);
template <> __device__ unsigned ptx_bfi(unsigned a, unsigned b, unsigned c, unsigned d) {
  unsigned f; asm("bfi.b32 %%0, %%1, %%2, %%3, %%4;" : "=r"(f) : "r"(a), "r"(b), "r"(c), "r"(d)); return f; }
template <> __device__ unsigned long long ptx_bfi(unsigned long long a, unsigned long long b, unsigned c, unsigned d) {
  unsigned long long f; asm("bfi.b64 %%0, %%1, %%2, %%3, %%4;" : "=l"(f) : "l"(a), "l"(b), "r"(c), "r"(d)); return f; }

__device__ unsigned long long mix(unsigned long long x) {
  x += 0x9E3779B97F4A7C15ull; x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull; return x ^ (x >> 31);
}
__device__ unsigned long long word(unsigned i) {  // edge words first, then random ones
  const unsigned long long edges[] = {0ull, 1ull, ~0ull, 0x80000000ull, 0x7fffffffull,
      0xffffffff80000000ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 0xffffffffull,
      0x00000000ffff0000ull};
  return i < 10 ? edges[i] : mix(i);
}

template <typename T>
__device__ void check(unsigned long long* bad, T a, T b, unsigned pos, unsigned len) {
  // pos/len also with high bits set (PTX reads only the low 8)
  for (unsigned hi : {0u, 0x100u, 0xffffff00u}) {
    if (ptx_bfe<T>(a, pos | hi, len | hi) != ours::hipify_py_ptx_bfe<T>(a, pos | hi, len | hi))
      atomicAdd(bad, 1ull);
    if constexpr (std::is_unsigned<T>::value) {
      if (ptx_bfi<T>(a, b, pos | hi, len | hi) != ours::hipify_py_ptx_bfi<T>(a, b, pos | hi, len | hi))
        atomicAdd(bad + 1, 1ull);
    }
  }
}

__global__ void run(unsigned long long* bad, unsigned words) {
  unsigned pos = blockIdx.x, len = threadIdx.x;  // 256 x 256
  for (unsigned i = 0; i < words; ++i) {
    unsigned long long a = word(i), b = word(i + 7919u);
    check<unsigned>(bad, (unsigned)a, (unsigned)b, pos, len);
    check<int>(bad, (int)a, (int)b, pos, len);
    check<unsigned long long>(bad, a, b, pos, len);
    check<long long>(bad, (long long)a, (long long)b, pos, len);
  }
}

int main() {
  unsigned long long* bad; cudaMallocManaged(&bad, 2 * sizeof(unsigned long long));
  bad[0] = bad[1] = 0;
  const unsigned words = 2000;
  run<<<256, 256>>>(bad, words); cudaError_t e = cudaDeviceSynchronize();
  printf("%%s: %%u words x 256 pos x 256 len x 3 high parts x 4 types: bfe differences %%llu, "
         "bfi differences %%llu\\n", cudaGetErrorString(e), words, bad[0], bad[1]);
  return e != cudaSuccess || bad[0] || bad[1];
}
"""


def main(out: str) -> None:
    doc = yaml.safe_load((Path(__file__).resolve().parents[1] / "mappings" / "supplied_ptx.yaml")
                         .read_text())
    code = "\n".join(e["code"] for e in doc["supplied"].values())
    Path(out).write_text(HEADER % code)


if __name__ == "__main__":
    main(sys.argv[1])
