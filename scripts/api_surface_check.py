"""Call every function overload CUDA's headers declare, translate, compile for AMD, and list the
calls that fail with no finding (silent failures over a whole API surface).

    python scripts/api_surface_check.py --hip 7.2 [--surface device|host|libraries] [--work DIR]
    python scripts/api_surface_check.py --hip 5.2 --surface host

Surfaces: device (every `__device__` function of cuda_runtime.h, cuda_fp16.h and, for a HIP that
has bfloat16, cuda_bf16.h), host (every cuda*/cu* function of cuda_runtime.h and cuda.h, called
from a host function), libraries (cuBLAS, cuFFT, cuRAND, cuSPARSE and cuSOLVER's dense API;
their headers are not in the toolkit here: --library-include DIR, repeatable, e.g. the include
folders of the nvidia-cublas, -cufft, -curand, -cusparse and -cusolver wheels).

1. `nvcc -E` preprocesses a file that includes the surface's headers; libclang reads the
   declarations, and every function of the surface (names the headers keep for themselves left
   out: __nv_*, __internal*, *_impl, the __iAtomic* family, ...) becomes one call, each argument
   `make<T>()` (a pointer or an array: `(T*)p`).
2. nvcc checks that the file is valid CUDA (to PTX: ptxas, which rejects the legacy warp votes
   on sm_70 and later, is not run).
3. hipify-py translates it for the HIP version; hipcc (the targets of scripts/hand_ports.yaml)
   compiles the translation with -fsyntax-only and no error limit.
4. Each error line without a warning or error finding on its line is printed: the functions to
   translate, supply or report. Needs nvcc, hipcc and the libclang wheel; writes only to --work.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
HEADERS = ("cuda_runtime.h", "cuda_fp16.h", "cuda_bf16.h")
# Names CUDA's headers declare for their own use, or that only a PTX pass defines
_INTERNAL = re.compile(r"^(__nv_|__internal|__cuda|_Z|__float_simpl|cuda|__pm[0-3]$|__assert_fail$"
                       r"|printf$|__[a-z0-9]+Atomic)|_impl$")


_SURFACES = {
    # headers, which functions, whether they are __device__ ones
    "device": (HEADERS, re.compile(r"."), True),
    "host": (("cuda_runtime.h", "cuda.h"), re.compile(r"^(cuda|cu)[A-Z]"), False),
    "libraries": (("cublas_v2.h", "cufft.h", "curand.h", "cusparse.h", "cusolverDn.h"),
                  re.compile(r"^(cublas(?!Xt|Lt)|cufft|curand|cusparse|cusolverDn)[A-Z]"), False),
    # cuRAND's device API (--library-include: the nvidia-curand wheel's headers)
    "curand-device": (("curand_kernel.h",), re.compile(r"^curand"), True),
    # CUDA's 8-bit floats
    "fp8": (("cuda_fp8.h",), re.compile(r"^__nv_"), True),
}


def declarations(work: Path, surface: str, bf16: bool,
                 includes: list[str]) -> tuple[tuple[str, ...], list[tuple[str, tuple[str, ...]]]]:
    """The surface's headers, and (name, parameter types) of every function of it they declare."""
    from clang import cindex

    headers, wanted, device = _SURFACES[surface]
    if surface == "device" and not bf16:
        headers = HEADERS[:2]
    (work / "headers.cu").write_text("".join(f"#include <{h}>\n" for h in headers))
    subprocess.run(["nvcc", "-E", "-x", "cu", "-arch=sm_90", "-std=c++17", *includes,
                    "headers.cu", "-o", "headers.ii"], cwd=work, check=True, capture_output=True)
    tu = cindex.Index.create().parse(
        str(work / "headers.ii"), args=["-x", "c++", "-std=gnu++17", "-Wno-everything"],
        options=cindex.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
    found: set[tuple[str, tuple[str, ...]]] = set()

    def walk(cursor: object) -> None:
        for child in cursor.get_children():  # type: ignore[attr-defined]
            if child.kind in (cindex.CursorKind.NAMESPACE, cindex.CursorKind.LINKAGE_SPEC,
                              cindex.CursorKind.UNEXPOSED_DECL):
                if child.spelling not in ("std", "__gnu_cxx", "cuda", "thrust", "cub"):
                    walk(child)
            elif child.kind == cindex.CursorKind.FUNCTION_DECL and wanted.search(child.spelling):
                tokens = [t.spelling for t in child.get_tokens()]
                name = child.spelling
                if name in tokens and ("device" in tokens[:tokens.index(name)]) == device:
                    found.add((name, tuple(a.type.spelling for a in child.get_arguments())))

    walk(tu.cursor)
    own = _INTERNAL if surface == "device" else re.compile(r"^$")  # (their own helpers)
    return headers, sorted(d for d in found if not own.search(d[0]))


def calls_source(headers: tuple[str, ...], calls: list[tuple[str, tuple[str, ...]]],
                 device: bool) -> str:
    lines = [f"#include <{h}>" for h in headers]
    lines += [f"template <class T> {'__device__ ' if device else ''}T make();",
              f"{'__global__ ' if device else ''}void surface(void* p) {{"]
    for name, params in calls:
        args = []
        for raw in params:
            t = raw.strip()
            if t.endswith("[]"):  # an array parameter: a pointer
                t = t[:-2].strip() + " *"
            if t.startswith("const ") and not t.endswith("*"):
                t = t[len("const "):]
            args.append(f"*({t[:-1].strip()}*)p" if t.endswith("&")
                        else f"({t})p" if t.endswith("*") else f"make<{t}>()")
        lines.append(f"  (void){name}({', '.join(args)});")
    return "\n".join([*lines, "}"]) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hip", required=True, help="a target of scripts/hand_ports.yaml")
    parser.add_argument("--surface", choices=sorted(_SURFACES), default="device")
    parser.add_argument("--library-include", action="append", default=[], metavar="DIR",
                        help="a folder of the math libraries' headers (--surface libraries)")
    parser.add_argument("--work", default="/tmp/api-surface")
    args = parser.parse_args(argv)
    target = yaml.safe_load((ROOT / "scripts/hand_ports.yaml").read_text())["targets"][args.hip]
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    bf16 = tuple(int(p) for p in args.hip.split(".")) >= (6, 0)  # cuda_bf16.h -> hip_bf16.h
    includes = [f"-I{d}" for d in args.library_include]
    headers, calls = declarations(work, args.surface, bf16, includes)
    device = _SURFACES[args.surface][2]
    for attempt in range(2):
        source = calls_source(headers, calls, device)
        (work / "surface.cu").write_text(source)
        cuda = subprocess.run(["nvcc", "-x", "cu", "-arch=sm_90", "-std=c++17", *includes,
                               "-ptx", "surface.cu", "-o", "/dev/null"], cwd=work,
                              capture_output=True, text=True)
        if cuda.returncode == 0:
            break
        # A call nvcc rejects as written (an explicit specialization, a template only its
        # arguments pick) is not CUDA code: left out, once.
        rejected = {int(n) for n in re.findall(r"surface\.cu\((\d+)\): error", cuda.stderr)}
        first = source.split("\n").index(next(x for x in source.split("\n") if x.startswith(
            "  (void)"))) + 1  # line of the first call
        if attempt or not rejected:
            print(cuda.stderr[-2000:], file=sys.stderr)
            return 2
        calls = [c for k, c in enumerate(calls) if k + first not in rejected]
    subprocess.run([sys.executable, "-m", "hipify_py", "translate", "surface.cu", "-o",
                    "surface.hip", "--hip-version", args.hip, "--format", "json",
                    "--diagnostics-output", "findings.json", "-q", "--no-config"], cwd=work)
    compiled = subprocess.run(
        [target["hipcc"], f"--offload-arch={target['arch']}", "-std=c++17", "-fsyntax-only",
         "-ferror-limit=0", "-x", "hip", "surface.hip"], cwd=work, capture_output=True,
        text=True, env={**os.environ, "HIP_PLATFORM": "amd"})
    errors: dict[int, str] = {}
    for m in re.finditer(r"surface\.hip:(\d+):\d+: error: (.*)", compiled.stderr):
        errors.setdefault(int(m.group(1)), m.group(2))
    findings = json.loads((work / "findings.json").read_text())["diagnostics"]
    flagged = {d["line"] for d in findings if d["severity"] in ("error", "warning")}
    hip = (work / "surface.hip").read_text().split("\n")
    offset = len(hip) - len(source.split("\n"))  # lines the translation added at the top
    silent = [line for line in sorted(errors) if line - offset not in flagged]
    names = collections.Counter(re.sub(r"\(void\)(\w+).*", r"\1", hip[n - 1].strip()) for n in silent)
    print(f"HIP {args.hip}, {args.surface}: {len(calls)} overloads called, {len(errors)} fail to compile, "
          f"{len(silent)} of them with no finding ({len(names)} names)")
    for line in silent:
        print(f"  {hip[line - 1].strip()[:110]}  |  {errors[line][:80]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
