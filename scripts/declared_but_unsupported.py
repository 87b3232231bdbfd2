#!/usr/bin/env python3
"""List the CUDA names our tables report as unsupported whose obvious HIP name a HIP header
declares after all.

    python scripts/declared_but_unsupported.py \\
        --hip 5.2=/usr/include --hip 7.2=/srv/rocm7/usr/include

Names already checked and left unsupported (REVIEWED, with why) are printed only with --all.
The obvious name is the CUDA name itself (device functions: `__hmax2`) or the CUDA name with its
prefix swapped (cuda/cu -> hip, CUDA/CU -> HIP, nvrtc -> hiprtc, __nv_ -> __hip_). A name is
"declared" when it occurs outside comments in a header under one of the HIP folders (hip/ and
the hip*/roc* library folders). Each hit is a candidate only: whether it is the same function
(same parameters, same meaning) is for a person to check before the generator maps it
(scripts/generate_mappings.py, ROW_CORRECTIONS, with the reason).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

# Candidates checked and left unsupported, each with why (printed only with --all).
_ROUNDED = ("HIP 5.2 declares it only under OCML_BASIC_ROUNDED_OPERATIONS, which nothing defines; "
            "HIP 7.2 does not declare it")
_FP6 = ("HIP 7.2's FP6 API ignores the rounding mode CUDA honours, and numbers the "
        "interpretations the other way round (__HIP_E3M2 is 0, __NV_E2M3 is 0)")
_NOT_ON_AMD = "HIP declares the enumerator, AMD's runtime does not implement it"
REVIEWED: dict[str, str] = {
    **dict.fromkeys((f"__{op}_{mode}" for op in (
        "fadd", "fsub", "fmul", "fdiv", "frcp", "fsqrt", "fmaf",
        "dadd", "dsub", "dmul", "ddiv", "drcp", "dsqrt", "fma") for mode in ("rd", "ru", "rz")),
        _ROUNDED),
    **dict.fromkeys((
        "__nv_cvt_bfloat16raw2_to_fp6x2", "__nv_cvt_bfloat16raw_to_fp6",
        "__nv_cvt_double2_to_fp6x2", "__nv_cvt_double_to_fp6", "__nv_cvt_float2_to_fp6x2",
        "__nv_cvt_float_to_fp6", "__nv_cvt_fp6_to_halfraw", "__nv_cvt_fp6x2_to_halfraw2",
        "__nv_cvt_halfraw2_to_fp6x2", "__nv_cvt_halfraw_to_fp6", "__nv_fp6_e2m3",
        "__nv_fp6_e3m2", "__nv_fp6_interpretation_t", "__nv_fp6_storage_t", "__nv_fp6x2_e2m3",
        "__nv_fp6x2_e3m2", "__nv_fp6x2_storage_t", "__nv_fp6x4_e2m3", "__nv_fp6x4_e3m2",
        "__nv_fp6x4_storage_t"), _FP6),
    "saturate": "HIP's `saturate` is a parameter name in amd_hip_fp16.h, not a function",
    "memoryBarrier": "a member of HIP's hipStreamBatchMemOpParams, marked unsupported on AMD",
    "cuCtxDetach": "declared only for HIP's NVIDIA platform (nvidia_detail)",
    "CubVector": "hipCUB's CubVector<T, N> is HIP's vector type itself (float4), not CUB's "
                 "struct with a ::Type",
    "CURAND_VERSION": "a version macro: the feature_macros table decides what it becomes",
    "CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS": _NOT_ON_AMD,
    "CUDA_POINTER_ATTRIBUTE_P2P_TOKENS": _NOT_ON_AMD,
    **dict.fromkeys(("cudaExternalMemoryHandleTypeNvSciBuf",
                     "cudaExternalSemaphoreHandleTypeNvSciSync",
                     "cudaExternalSemaphoreHandleTypeD3D11Fence",
                     "cudaExternalSemaphoreHandleTypeKeyedMutex",
                     "cudaExternalSemaphoreHandleTypeKeyedMutexKmt",
                     "cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd",
                     "cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32"),
                    "HIP declares the handle type; importing NvSci/D3D11/timeline handles is "
                    "not something AMD's runtime does"),
    **dict.fromkeys(("cuFuncSetAttribute", "cuFuncSetCacheConfig", "cuFuncSetSharedMemConfig"),
                    "HIP's function of that name is the runtime's: it takes a kernel's host "
                    "address, not a hipFunction_t, and the runtime's attribute enum"),
    "cuDeviceGetTexture1DLinearMaxWidth": "HIP's takes a channel descriptor and a device "
                                          "(the runtime's signature), not a format and a count",
    "cuExternalMemoryGetMappedMipmappedArray": "the driver's descriptor holds a "
                                               "CUDA_ARRAY3D_DESCRIPTOR; HIP's is the runtime's",
    **dict.fromkeys(("cuMemcpyPeer", "cuMemcpyPeerAsync"),
                    "CUDA's takes contexts, HIP's of that name device ordinals"),
    **dict.fromkeys(("cuMemcpy3DPeer", "cuMemcpy3DPeerAsync"),
                    "CUDA's takes CUDA_MEMCPY3D_PEER, HIP's of that name the runtime's "
                    "hipMemcpy3DPeerParms"),
}

_COMMENT = re.compile(rb"//[^\n]*|/\*.*?\*/", re.S)
_WORD = re.compile(rb"[A-Za-z_]\w*")
_LIBRARY_FOLDERS = re.compile(r"(hip|roc)\w*|miopen")
_PREFIXES = (("cuda", "hip"), ("cu", "hip"), ("CUDA", "HIP"), ("CU", "HIP"),
             ("nvrtc", "hiprtc"), ("NVRTC", "HIPRTC"), ("__nv_", "__hip_"))


def obvious_names(cuda: str) -> list[str]:
    """The names a HIP port would most likely give `cuda`, itself first."""
    for old, new in _PREFIXES:  # longer prefixes first: cudaX is hipX, not hipdaX
        if cuda.startswith(old):
            return [cuda, new + cuda[len(old):]]
    return [cuda]


def headers_under(root: Path) -> Iterator[Path]:
    """The headers of HIP and its libraries under an include folder."""
    for entry in sorted(root.iterdir()):
        if entry.is_dir() and _LIBRARY_FOLDERS.fullmatch(entry.name):
            for folder, _dirs, files in os.walk(entry):
                for name in sorted(files):
                    if name.endswith((".h", ".hpp", ".cuh", ".inl")):
                        yield Path(folder, name)


def declared_names(root: Path) -> dict[str, str]:
    """Identifier -> the first header:line (relative to root) where code names it."""
    found: dict[str, str] = {}
    for header in headers_under(root):
        data = _COMMENT.sub(lambda m: b"\n" * m.group(0).count(b"\n"), header.read_bytes())
        for lineno, line in enumerate(data.split(b"\n"), start=1):
            for word in _WORD.findall(line):
                found.setdefault(word.decode(), f"{header.relative_to(root)}:{lineno}")
    return found


def unsupported_names() -> Iterator[tuple[str, str]]:
    """(family, CUDA name) of every entry of the repository's tables with no HIP and no ROC
    name."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from hipify_py.tables.mappings import load_mapping_table

    table = load_mapping_table(use_cache=False)
    for entry in table.entries.values():
        if entry.hip is None and entry.roc is None:
            yield entry.family, entry.cuda


def candidates(names: Iterable[tuple[str, str]],
               declared: dict[str, dict[str, str]]) -> Iterator[tuple[str, str, str, str]]:
    """(family, CUDA name, HIP name, "version: where; ...") for each name a HIP declares."""
    for family, cuda in names:
        for hip in obvious_names(cuda):
            where = [f"{version}: {found[hip]}" for version, found in declared.items()
                     if hip in found]
            if where:
                yield family, cuda, hip, "; ".join(where)
                break


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hip", action="append", metavar="VERSION=INCLUDE_DIR",
                        help="a HIP release and its include folder (repeatable)")
    parser.add_argument("--all", action="store_true",
                        help="also the names already checked and left unsupported, with why")
    args = parser.parse_args(argv)
    pairs = args.hip or ["5.2=/usr/include", "7.2=/srv/rocm7/usr/include"]
    declared: dict[str, dict[str, str]] = {}
    for pair in pairs:
        version, _, folder = pair.partition("=")
        if not folder or not Path(folder).is_dir():
            print(f"not a VERSION=INCLUDE_DIR with a folder: {pair}", file=sys.stderr)
            return 2
        declared[version] = declared_names(Path(folder))
    rows = sorted(candidates(unsupported_names(), declared))
    new = [row for row in rows if row[1] not in REVIEWED]
    for family, cuda, hip, where in rows if args.all else new:
        why = f"\t(left: {REVIEWED[cuda]})" if cuda in REVIEWED else ""
        print(f"{family}\t{cuda}\t{hip}\t{where}{why}")
    print(f"{len(rows)} unsupported names with a declared HIP name, {len(new)} not yet reviewed",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
