"""Generate a realistic CUDA source tree for benchmarks: kernels with shared memory and
shuffles, runtime/library calls, launches, macros, comments, headers and plain C++ files.

Deterministic for a given random.Random seed. Returns (files, lines).
"""

from __future__ import annotations

import random
from pathlib import Path

HEADER = """// {name}.cuh: kernels and helpers for module {module}.
// Copyright (c) 2026 the benchmark authors. Generated for performance measurement.
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>

#define CHECK_{upper}(call)                                                   \\
  do {{                                                                        \\
    cudaError_t err_ = (call);                                                \\
    if (err_ != cudaSuccess) {{                                                \\
      fprintf(stderr, "%s:%d: %s\\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \\
      exit(1);                                                                \\
    }}                                                                         \\
  }} while (0)

namespace {module} {{

template <typename T>
__device__ __forceinline__ T warp_sum_{name}(T v) {{
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(__activemask(), v, offset);
  return v;
}}

struct Params_{name} {{
  int n;
  float alpha;
  cudaStream_t stream;
}};

}}  // namespace {module}
"""

KERNELS = [
    """
// Scales a vector in place; grid-stride loop so any launch size works.
__global__ void scale_{k}(float* __restrict__ data, float alpha, int n) {{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {{
    data[i] = alpha * data[i];
  }}
}}
""",
    """
// Block reduction with shared memory; one partial sum per block.
__global__ void reduce_{k}(const float* in, float* out, int n) {{
  extern __shared__ float smem[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  float v = 0.0f;
  if (i < n) v = in[i];
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  smem[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {{
    if (tid < s) smem[tid] += smem[tid + s];
    __syncthreads();
  }}
  if (tid == 0) out[blockIdx.x] = smem[0];
}}
""",
    """
#define TILE_{k} 16
// Tiled matrix multiply C = A * B for square matrices of size n.
__global__ void matmul_{k}(const float* A, const float* B, float* C, int n) {{
  __shared__ float As[TILE_{k}][TILE_{k}];
  __shared__ float Bs[TILE_{k}][TILE_{k}];
  int row = blockIdx.y * TILE_{k} + threadIdx.y;
  int col = blockIdx.x * TILE_{k} + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (n + TILE_{k} - 1) / TILE_{k}; ++t) {{
    As[threadIdx.y][threadIdx.x] = (row < n && t * TILE_{k} + threadIdx.x < n) ? A[row * n + t * TILE_{k} + threadIdx.x] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (col < n && t * TILE_{k} + threadIdx.y < n) ? B[(t * TILE_{k} + threadIdx.y) * n + col] : 0.0f;
    __syncthreads();
    for (int j = 0; j < TILE_{k}; ++j) acc += As[threadIdx.y][j] * Bs[j][threadIdx.x];
    __syncthreads();
  }}
  if (row < n && col < n) C[row * n + col] = acc;
}}
""",
    """
// Histogram with shared-memory privatisation and global atomics.
__global__ void histogram_{k}(const unsigned char* in, unsigned int* bins, int n) {{
  __shared__ unsigned int local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}}
""",
    """
// Half-precision axpy; converts through float for accuracy.
__global__ void haxpy_{k}(int n, __half a, const __half* x, __half* y) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __float2half(__half2float(a) * __half2float(x[i]) + __half2float(y[i]));
}}
""",
]

HOST = [
    """
void run_scale_{k}(float* host, int n, cudaStream_t stream) {{
  float* dev = nullptr;
  CHECK_{upper}(cudaMalloc(&dev, n * sizeof(float)));
  CHECK_{upper}(cudaMemcpyAsync(dev, host, n * sizeof(float), cudaMemcpyHostToDevice, stream));
  scale_{k}<<<(n + 255) / 256, 256, 0, stream>>>(dev, 2.0f, n);
  CHECK_{upper}(cudaGetLastError());
  CHECK_{upper}(cudaMemcpyAsync(host, dev, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
  CHECK_{upper}(cudaStreamSynchronize(stream));
  CHECK_{upper}(cudaFree(dev));
}}
""",
    """
float run_reduce_{k}(const float* dev_in, int n) {{
  int threads = 256;
  int blocks = (n + threads * 2 - 1) / (threads * 2);
  float* partial;
  CHECK_{upper}(cudaMallocManaged(&partial, blocks * sizeof(float)));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  reduce_{k}<<<blocks, threads, threads * sizeof(float)>>>(dev_in, partial, n);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  CHECK_{upper}(cudaDeviceSynchronize());
  float total = 0;
  for (int b = 0; b < blocks; ++b) total += partial[b];
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(partial);
  return total;
}}
""",
    """
void run_matmul_{k}(const float* A, const float* B, float* C, int n) {{
  dim3 block(TILE_{k}, TILE_{k});
  dim3 grid((n + TILE_{k} - 1) / TILE_{k}, (n + TILE_{k} - 1) / TILE_{k});
  matmul_{k}<<<grid, block>>>(A, B, C, n);
  CHECK_{upper}(cudaPeekAtLastError());
  cudaDeviceProp prop;
  CHECK_{upper}(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 6) printf("old device: %s\\n", prop.name);
}}
""",
    """
void run_blas_{k}(cublasHandle_t handle, const float* A, const float* B, float* C, int n) {{
  const float one = 1.0f, zero = 0.0f;
  // C = A * B with cuBLAS; column-major, so swap the operands.
  cublasStatus_t st = cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, C, n);
  if (st != CUBLAS_STATUS_SUCCESS) fprintf(stderr, "cublasSgemm failed\\n");
  cublasSetStream(handle, 0);
}}
""",
    """
void run_random_{k}(float* dev, size_t n, unsigned long long seed) {{
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, seed);
  curandGenerateUniform(gen, dev, n);
  curandDestroyGenerator(gen);
}}
""",
]

PLAIN_CPP = """// {name}.cpp: host-only utilities (no CUDA here).
#include <vector>
#include <string>
#include <algorithm>

namespace {module} {{

// Parses "a,b,c" into integers; ignores empty fields.
std::vector<int> parse_list_{k}(const std::string& text) {{
  std::vector<int> out;
  size_t start = 0;
  while (start <= text.size()) {{
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.push_back(std::stoi(text.substr(start, end - start)));
    start = end + 1;
  }}
  return out;
}}

int checksum_{k}(const std::vector<int>& values) {{
  int sum = 0;
  for (int v : values) sum = (sum * 31 + v) & 0x7fffffff;
  return sum;
}}

}}  // namespace {module}
"""


def generate_tree(root: Path, target_lines: int, rng: random.Random, max_files: int | None = None) -> tuple[int, int]:
    """Write files under root until target_lines is reached; returns (files, lines)."""
    root.mkdir(parents=True, exist_ok=True)
    files = lines = 0
    k = 0
    while lines < target_lines and (max_files is None or files < max_files):
        module = f"mod{files // 10}"
        folder = root / module
        folder.mkdir(exist_ok=True)
        name = f"unit{files}"
        upper = name.upper()
        if max_files is None and files % 5 == 4:
            text = PLAIN_CPP.format(name=name, module=module, k=k)
            path = folder / f"{name}.cpp"
        elif max_files is None and files % 5 == 3:
            text = HEADER.format(name=name, module=module, upper=upper)
            path = folder / f"{name}.cuh"
        else:
            parts = [HEADER.format(name=name, module=module, upper=upper).replace("#pragma once\n", "")]
            parts.append("#include <cublas_v2.h>\n#include <curand.h>\n")
            budget = 300 if max_files is not None else rng.randint(300, 900)
            body_lines = 0
            while body_lines < budget:
                kernel = rng.randrange(len(KERNELS))
                host = HOST[kernel] if kernel < 3 else HOST[rng.randrange(3, len(HOST))]
                chunk = KERNELS[kernel].format(k=k) + host.format(k=k, upper=upper)
                parts.append(chunk)
                body_lines += chunk.count("\n")
                k += 1
            text = "".join(parts)
            path = folder / f"{name}.cu"
        k += 1
        path.write_text(text)
        files += 1
        lines += text.count("\n")
    return files, lines
