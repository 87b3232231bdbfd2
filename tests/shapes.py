"""Pathological inputs for the scanners, each a construct repeated to about `lines` lines:
launches whose chevrons or argument lists never close, includes repeated thousands of times,
thousands of device functions, unclosed brackets and #ifs (issue 30). tests/test_scaling.py
counts the work translating them takes at 1x, 2x and 4x their size; benchmarks/pathological.py
times it."""

from __future__ import annotations

from collections.abc import Callable

Shape = Callable[[int], str]


def _in_host_function(line: Callable[[int], str]) -> Shape:
    def make(lines: int) -> str:
        body = "\n".join(line(i) for i in range(lines))
        return f"__global__ void k(int *p) {{ p[0] = 1; }}\nvoid host(int *x) {{\n{body}\n}}\n"
    return make


def _repeated(block: Callable[[int], str], lines_per_block: int,
              head: str = "", tail: str = "") -> Shape:
    def make(lines: int) -> str:
        return head + "".join(block(i) for i in range(max(1, lines // lines_per_block))) + tail
    return make


# name -> a generator of about that many lines
SHAPES: dict[str, Shape] = {
    # issue 30, point 4: launches with unbalanced <<< / >>>
    "chevrons_unclosed": _in_host_function(lambda i: "  k<<<g, b"),
    "chevrons_mixed": _in_host_function(lambda i: (
        "  k<<<g, b", "  k<<<g, (b", "  a<<<b<<<c", "  f(x) >>> 2 >>> k<<<1, 2>>>(p);")[i % 4]),
    "chevrons_spaced_unclosed": _in_host_function(lambda i: "  k << < g, b"),
    "chevrons_spaced_args_unclosed": _in_host_function(lambda i: "  k << < g, b >> > (x"),
    # launch argument lists that never close
    "launch_args_unclosed": _in_host_function(lambda i: f"  k<<<g, b>>>(a{i}, (b + c{i}, "),
    "launch_args_unclosed_nosemi": _in_host_function(lambda i: "  k<<<g, b>>>(x, y"),
    # nested launches in argument lists (balanced)
    "launch_nested": lambda n: (
        "__global__ void k(int a) {}\nvoid host() {\n"
        + "k<<<1, 2>>>(\n" * (n // 2) + "0" + ")\n" * (n // 2) + ";\n}\n"),
    "launch_template_callee": _in_host_function(lambda i: "  x > k<<<1, 2>>>(p)"),
    "launch_after_case": lambda n: (
        "__global__ void k(int a) {}\nvoid host(int v) {\n switch (v) {\n"
        + "".join(f"  case {i}: k<<<1, 2>>>({i});\n" for i in range(n)) + " }\n}\n"),
    # issue 30, point 4: #include <cuda_runtime.h> and a small function, repeated
    "includes_repeated": _repeated(lambda i: (
        "#include <cuda_runtime.h>\n"
        f"void f{i}(float *p) {{ cudaMalloc(&p, {i}); }}\n"), 2),
    "includes_in_blocks": _repeated(lambda i: (
        f"#if V > {i}\n#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n#endif\n"
        f"void f{i}(float *p) {{ cudaFree(p); }}\n"), 5),
    "includes_extern_c": _repeated(lambda i: (
        'extern "C" {\n#include <cuda.h>\n'
        f"void f{i}(CUdeviceptr p) {{ cuMemFree(p); }}\n"), 3),
    "device_functions": _repeated(lambda i: (
        f"__device__ int d{i}(int x) {{ return __shfl_down_sync(0xffffffff, x, 16) + 32; }}\n"
        f"__global__ void g{i}(int *p) {{ p[threadIdx.x] = d{i}(p[0]); }}\n"
        f"void h{i}(int *p) {{ g{i}<<<1, 32>>>(p); cudaDeviceSynchronize(); }}\n"), 3),
    "inactive_branches": _repeated(lambda i: (
        f"#if 0\nvoid f{i}() {{ cudaMalloc(0, {i}); }}\n#else\n"
        f"void f{i}() {{ cudaFree(0); }}\n#endif\n"), 5),
    "calls_unclosed": _in_host_function(lambda i: f"  cudaMemcpy(x, (y + {i}, n, "),
    "parens_deep": lambda n: (
        "void host(float *p) {\n  cudaFree(" + "(\n" * n + "p" + ")" * n + ");\n}\n"),
    "braces_unclosed": _repeated(lambda i: f"void f{i}() {{ cudaFree(0);\n", 1),
    "templates_unclosed": _repeated(
        lambda i: f"template <typename T{i}\n", 1,
        tail="__global__ void k(int a) {}\nvoid host() { k<<<1, 2>>>(0); }\n"),
    "conditionals_unclosed": _repeated(lambda i: f"#if A{i}\nvoid f{i}() {{ cudaFree(0); }}\n", 2),
    "macro_continuations": _repeated(
        lambda i: f"#define M{i}(x) \\\n  cudaFree(x); \\\n  k<<<1, 2>>>(x)\n", 3),
    "ballots_and_masks": _repeated(lambda i: (
        f"__global__ void g{i}(int *p) {{ unsigned m = __ballot_sync(0xffffffff, p[{i}]);"
        f" p[0] = __popc(m) + __shfl_xor_sync(m, p[1], 16); }}\n"), 1),
    "device_props": _in_host_function(
        lambda i: f"  cudaDeviceProp pr{i}; cudaGetDeviceProperties(&pr{i}, 0); x[{i}] = "
                  f"pr{i}.major + pr{i}.warpSize;"),
    "strings": _in_host_function(lambda i: f'  printf("cudaMalloc {i} failed\\n");'),
    "skipped_branches": _repeated(lambda i: (
        f"#if 0\nvoid f{i}() {{ cudaMalloc(0, {i}); }}\n#else\n"
        f"void f{i}() {{ cudaFree(0); }}\n#endif\n"), 5),
    "hip_branches": _repeated(lambda i: (
        f"#ifdef __HIP_PLATFORM_AMD__\nvoid f{i}() {{ hipFree(0); }}\n#else\n"
        f"void f{i}() {{ cudaFree(0); }}\n#endif\n"), 5),
    "cuda_compiler_branches": _repeated(lambda i: (
        f"#ifdef __CUDACC__\nvoid f{i}() {{ cudaFree(0); }}\n#endif\nint g{i};\n"), 4),
    "user_namespaces": _repeated(lambda i: (
        f"namespace n{i} {{ int cudaFree(void *p); }}\nvoid f{i}() {{ cudaFree(0); }}\n"), 2),
    "template_kernels": _repeated(lambda i: (
        f"template <typename T> __global__ void k{i}(T *p) {{ p[0] = 1; }}\n"
        f"void h{i}(float *p) {{ k{i}<<<1, 2>>>(p); }}\n"), 2),
}
# The file name and settings a shape is translated with, where not shape.cu and the defaults.
OPTIONS: dict[str, tuple[str, dict[str, object]]] = {
    "skipped_branches": ("shape.cu", {"skip_excluded_blocks": True}),
    "cuda_compiler_branches": ("shape.h", {}),
}
