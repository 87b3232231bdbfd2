#!/usr/bin/env python3
"""Generate mappings/*.yaml from the HIPIFY reference CSVs (kept outside the repository).

    python scripts/generate_mappings.py --reference ../shared/reference --out mappings

Every CSV row becomes an entry, including the rows with no HIP name: those are *known*
unsupported names and are reported as such. The output is deterministic (sorted) and one entry
per line, so regenerating shows real changes only. Hand-written tables (feature_macros.yaml)
are not touched.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

FAMILIES: dict[str, tuple[str, str]] = {
    # family: (title, default target column)
    "runtime": ("CUDA Runtime API", "hip"),
    "driver": ("CUDA Driver API", "hip"),
    "device": ("CUDA device functions and intrinsics", "hip"),
    "rtc": ("NVRTC (to hipRTC)", "hip"),
    "cub": ("CUB (to hipCUB)", "hip"),
    "cufft": ("cuFFT (to hipFFT)", "hip"),
    "cucomplex": ("cuComplex (to hip_complex)", "hip"),
    "cublas": ("cuBLAS and cuBLASLt (to hipBLAS; ROC: rocBLAS)", "hip"),
    "curand": ("cuRAND (to hipRAND; ROC: rocRAND)", "hip"),
    "cusolver": ("cuSOLVER (to hipSOLVER; ROC: rocSOLVER)", "hip"),
    "cusparse": ("cuSPARSE (to hipSPARSE; ROC: rocSPARSE)", "hip"),
    "cudnn": ("cuDNN (to MIOpen; --hipdnn: hipDNN)", "roc"),
    "cutensor": ("cuTENSOR (to hipTensor)", "hip"),
    "cusparselt": ("cuSPARSELt (to hipSPARSELt)", "hip"),
    "cufile": ("cuFile (to hipFile)", "hip"),
}

VERSION_FIELDS = (
    "cuda_added", "cuda_deprecated", "cuda_changed", "cuda_removed",
    "hip_added", "hip_deprecated", "hip_changed", "hip_removed",
    "roc_added", "roc_deprecated", "roc_changed", "roc_removed",
)
MODES = {
    "mode: HIP (default hipify-clang)": "default",
    "mode: --roc only (TranslateToRoc)": "roc",
    "mode: --roc with MIOpen (TranslateToRoc and TranslateToMIOpen)": "miopen",
}

# Header names that differ from headers.csv, each with its reason. ROCm installs its libraries'
# headers in per-library directories today; the flat names in the CSV are the legacy layout
# (ROCm before 6.0 kept wrappers for them). The CSV's spelling is kept as flat_hip/flat_roc for
# --flat-library-headers, which writes what hipify-clang writes.
HEADER_OVERRIDES: dict[str, dict[str, str]] = {
    "cublas.h": {"hip": "hipblas/hipblas.h", "roc": "rocblas/rocblas.h"},
    "cublas_v2.h": {"hip": "hipblas/hipblas.h", "roc": "rocblas/rocblas.h"},
    "cublas_api.h": {"hip": "hipblas/hipblas.h", "roc": "rocblas/rocblas.h"},
    "cublasLt.h": {"hip": "hipblaslt/hipblaslt.h"},
    "cusparse.h": {"hip": "hipsparse/hipsparse.h", "roc": "rocsparse/rocsparse.h"},
    "cusparse_v2.h": {"hip": "hipsparse/hipsparse.h", "roc": "rocsparse/rocsparse.h"},
    "cusparseLt.h": {"hip": "hipsparselt/hipsparselt.h"},
    "cutensor.h": {"hip": "hiptensor/hiptensor.hpp"},
    "cutensorMg.h": {"hip": "hiptensor/hiptensor.hpp"},
    "cufile.h": {"hip": "hipfile/hipfile.h"},
    # The default cuDNN target is MIOpen; the hip column keeps hipDNN for --hipdnn.
    "cudnn.h": {"hip": "hipDNN.h", "roc": "miopen/miopen.h"},
}
for _h in ("cusolverDn.h", "cusolverMg.h", "cusolverRf.h", "cusolverSp.h",
           "cusolverSp_LOWLEVEL_PREVIEW.h", "cusolver_common.h"):
    HEADER_OVERRIDES[_h] = {"hip": "hipsolver/hipsolver.h", "roc": "rocsolver/rocsolver.h"}

# First HIP version that ships a header (checked against HIP 5.2's /usr/include/hip).
HEADER_HIP_ADDED = {
    "hip/hip_bf16.h": "6.0",
    "hip/hip_fp8.h": "6.0",
    "hip/hip_fp4.h": "6.5",
    "hip/hip_fp6.h": "7.0",  # not in HIP 6.4's headers; in 7.2's (first release not pinned down)
    # ROCm/HIP's rocm-5.3.0 tag has it (hipamd's amd_detail half: the 35 float constants);
    # the double ones came with 5.7 (ROCm/clr), as runtime.csv's CUDART_* rows say.
    "hip/hip_math_constants.h": "5.3",
    "hip/hip_gl_interop.h": "5.6",  # in ROCm 5.5.1's HIP; 5.6 is the first minor release with it
    "hip/cooperative_groups/hip_reduce.h": "7.0",
    "hip/cooperative_groups/hip_scan.h": "7.0",
}

# Rows of headers.csv that name no CUDA header: cuda-samples ships helper_cuda.h and
# helper_math.h in its own tree. Mapped, they made a project's helpers vanish (the include
# became a HIP header, then was dropped as a duplicate); a project's header is its own code.
NOT_CUDA_HEADERS = {"helper_cuda.h", "helper_math.h", "helper_functions.h", "helper_string.h",
                    "helper_timer.h", "helper_image.h"}

# Rows whose HIP header no HIP we can check ships: ROCm 7.2's HIP (Debian) has no
# hip/cooperative_groups/hip_reduce.h or hip_scan.h, and its cooperative groups have no reduce or
# scan. Mapped, the include failed to compile with no finding (llm.c's kernels); reported instead.
HIP_LACKS_HEADER = {
    "cooperative_groups/reduce.h": "HIP's cooperative groups have no reduce: use hipCUB's "
                                   "WarpReduce/BlockReduce or a shuffle loop",
    "cooperative_groups/scan.h": "HIP's cooperative groups have no scan: use hipCUB's "
                                 "WarpScan/BlockScan",
}

# Headers not in headers.csv. Dropped: hip_runtime.h declares what they did.
EXTRA_DROPPED = {
    "builtin_types.h": "runtime", "vector_functions.h": "runtime", "device_types.h": "runtime",
    "cuda_device_runtime_api.h": "runtime", "device_atomic_functions.h": "runtime",
    "sm_20_intrinsics.h": "device", "sm_30_intrinsics.h": "device", "sm_32_intrinsics.h": "device",
    "sm_35_intrinsics.h": "device", "sm_60_atomic_functions.h": "device",
    "sm_61_intrinsics.h": "device", "math_functions.h": "device",
    "crt/math_functions.h": "device", "common_functions.h": "runtime",
    # The rest of what cuda_runtime.h pulls in (CUDA 13's include/ listed against this table):
    # internal or per-architecture pieces, all of which hip_runtime.h covers.
    "host_defines.h": "runtime", "host_config.h": "runtime", "driver_functions.h": "runtime",
    "device_double_functions.h": "device", "device_atomic_functions.hpp": "runtime",
    "sm_20_atomic_functions.h": "device", "sm_32_atomic_functions.h": "device",
    "sm_35_atomic_functions.h": "device", "vector_functions.hpp": "runtime",
    "surface_indirect_functions.h": "device", "texture_indirect_functions.h": "device",
}
# Headers that map to a HIP header that exists under another name.
EXTRA_MAPPED = {
    "surface_types.h": ("hip/surface_types.h", "runtime"),
    "texture_types.h": ("hip/texture_types.h", "runtime"),
    "cuda_occupancy.h": ("hip/hip_runtime.h", "runtime"),
    # The .hpp halves of the low-precision type headers, and FP6 (HIP 7's hip_fp6.h).
    "cuda_fp16.hpp": ("hip/hip_fp16.h", "device"), "cuda_bf16.hpp": ("hip/hip_bf16.h", "device"),
    "cuda_fp8.hpp": ("hip/hip_fp8.h", "device"), "cuda_fp4.hpp": ("hip/hip_fp4.h", "device"),
    "cuda_fp6.h": ("hip/hip_fp6.h", "device"), "cuda_fp6.hpp": ("hip/hip_fp6.h", "device"),
    "cudaProfiler.h": ("hip/hip_runtime_api.h", "driver"),
    # OpenGL interop: HIP 6.0 moved hipGraphicsGL* and hipGLGetDevices out of hip_runtime_api.h
    # into hip/hip_gl_interop.h (ROCm/HIP's history: the header ships from 5.5.1, empty on AMD
    # until 6.0). Older targets drop the include (HEADER_OLDER_DROPPED). Found in a sample
    # collection: 23 GL programs reported "no HIP equivalent" though the API is mapped.
    "cuda_gl_interop.h": ("hip/hip_gl_interop.h", "runtime"),
    "cudaGL.h": ("hip/hip_gl_interop.h", "driver"),
}
# Headers whose HIP header a target older than its hip_added does not need: hip_runtime.h
# declared the same API then, so the include is dropped there instead of kept and reported.
HEADER_OLDER_DROPPED = frozenset({"hip/hip_gl_interop.h"})
# Headers whose names hipify_supplied.h supplies to a target older than the HIP header
# (mappings/supplied_math_constants.yaml): there the include is dropped, and each file gets what
# it uses of them from the supplied header.
HEADER_OLDER_SUPPLIED = frozenset({"hip/hip_math_constants.h"})
# NVTX's C API headers: hipify_supplied.h supplies their core as no-ops (mappings/nvtx.yaml,
# supplied_nvtx.yaml); nvtx3/nvtx3.hpp (the C++ API) and the other nvtx3/ headers stay reported.
_NVTX_HEADERS = ("nvToolsExt.h", "nvToolsExtCuda.h", "nvToolsExtCudaRt.h", "nvtx3/nvToolsExt.h",
                 "nvtx3/nvToolsExtCuda.h", "nvtx3/nvToolsExtCudaRt.h")
_NVTX_NOTE = ("NVTX: hipify_supplied.h supplies its core C API as no-ops; rocTX (roctracer/roctx.h, "
              "-lroctx64) gives AMD's profilers ranges")
# Headers with no HIP counterpart: kept and reported.
EXTRA_UNSUPPORTED = {
    "cuda_egl_interop.h": "EGL interoperability", "cudaEGL.h": "EGL interoperability",
    "cuda_vdpau_interop.h": "VDPAU interoperability", "cudaVDPAU.h": "VDPAU interoperability",
    "cuda_d3d9_interop.h": "Direct3D interoperability",
    "cuda_d3d10_interop.h": "Direct3D interoperability",
    "cuda_d3d11_interop.h": "Direct3D interoperability",
    "cudaD3D9.h": "Direct3D interoperability", "cudaD3D10.h": "Direct3D interoperability",
    "cudaD3D11.h": "Direct3D interoperability",
    **dict.fromkeys(_NVTX_HEADERS, _NVTX_NOTE),
    "cuda_pipeline.h": "asynchronous copy pipelines have no HIP equivalent",
    "cuda_awbarrier.h": "arrive-wait barriers have no HIP equivalent",
    "cooperative_groups/memcpy_async.h": "HIP's cooperative groups lack memcpy_async",
    "nvml.h": "NVML: use rocm_smi (rocm_smi/rocm_smi.h) instead",
    "nvjpeg.h": "nvJPEG: use rocJPEG", "cupti.h": "CUPTI: use rocprofiler",
    "mma.h": "warp matrix multiply (nvcuda::wmma): rocWMMA (rocwmma/rocwmma.hpp) is the AMD "
             "counterpart, with a different API",
    "crt/mma.h": "warp matrix multiply (nvcuda::wmma): rocWMMA is the AMD counterpart",
    "crt/mma.hpp": "warp matrix multiply (nvcuda::wmma): rocWMMA is the AMD counterpart",
    "cuda_pipeline_primitives.h": "asynchronous copy pipelines have no HIP equivalent",
    "cuda_pipeline_helpers.h": "asynchronous copy pipelines have no HIP equivalent",
    "cuda_awbarrier_primitives.h": "arrive-wait barriers have no HIP equivalent",
    "cuda_awbarrier_helpers.h": "arrive-wait barriers have no HIP equivalent",
    "cudaTypedefs.h": "driver entry-point typedefs (PFN_cu*): HIP has no counterpart",
    "nvvm.h": "libNVVM compiles NVVM IR to PTX: no HIP counterpart",
    "nvperf_host.h": "NVIDIA's performance counters: use rocprofiler",
    "nvperf_target.h": "NVIDIA's performance counters: use rocprofiler",
    "nvperf_cuda_host.h": "NVIDIA's performance counters: use rocprofiler",
}
# What an unsupported header declares, as names a file must use to need it: a translation unit
# that uses none of them includes the header for nothing, and the include is dropped rather
# than left to fail (found in bitsandbytes' kernels.cu, which includes mma.h and uses no wmma).
# Globs (fnmatch, `*` within a name) where a header's names share a prefix: NVML's functions and
# types are nvmlX, its constants NVML_X. A file whose every such name hipify_supplied.h supplies
# (mappings/nvml.yaml, supplied_nvml.yaml) drops the include; any other is reported on its line.
# NVTX's names are nvtxX and NVTX_X (mappings/nvtx.yaml, supplied_nvtx.yaml: no-ops).
HEADER_DECLARES = {"mma.h": ("nvcuda", "wmma"), "nvml.h": ("nvml[A-Z]*", "NVML_*"),
                   **dict.fromkeys(_NVTX_HEADERS, ("nvtx[A-Z]*", "NVTX_*"))}
# The family of an unsupported header whose names a mapping family of ours covers in part.
HEADER_FAMILIES = {"nvml.h": "nvml", **dict.fromkeys(_NVTX_HEADERS, "nvtx")}
HEADER_PATTERNS = [
    {"cuda": "cuda/*", "unsupported": True, "family": "runtime",
     "note": "libcu++ (cuda/std/...) has no HIP equivalent; use the C++ standard library"},
    {"cuda": "nvtx3/*", "unsupported": True, "family": "runtime",
     "note": "NVTX: use roctx instead"},
    {"cuda": "cooperative_groups/details/*", "unsupported": True, "family": "runtime",
     "note": "CUDA's cooperative-groups internals"},
    {"cuda": "cupti*.h", "unsupported": True, "family": "runtime",
     "note": "CUPTI: use rocprofiler"},
    {"cuda": "npp*.h", "unsupported": True, "family": "runtime", "note": "NPP has no HIP port"},
    # nvcc's internal headers (crt/host_defines.h, crt/sm_80_rt.h, ...) and the per-architecture
    # intrinsics headers: hip_runtime.h covers what they declare.
    {"cuda": "crt/*", "dropped": True, "family": "runtime"},
    {"cuda": "sm_*_intrinsics.h*", "dropped": True, "family": "device"},
    {"cuda": "sm_*_atomic_functions.h*", "dropped": True, "family": "device"},
    {"cuda": "sm_*_rt.h*", "dropped": True, "family": "device"},
    {"cuda": "cub/*", "hip": "hipcub/hipcub.hpp", "family": "cub"},
    # Thrust's CUDA backend: rocThrust has the same headers under system/hip (its system/cuda
    # copies need CUDA's CUB). A trailing * in the target stands for what the * matched.
    {"cuda": "thrust/system/cuda/*", "hip": "thrust/system/hip/*", "family": "cub"},
]

_SUFFIXES = re.compile(r"(_v[0-9]+|Ex|_v2|_ex)$")


def quote(value: str) -> str:
    """A YAML scalar: plain where that is safe, else a JSON (YAML double-quoted) string."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_:./]*", value) and value.lower() not in (
        "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~",
    ):
        return value
    return json.dumps(value)


def flow(fields: dict[str, object]) -> str:
    parts = []
    for key, value in fields.items():
        if isinstance(value, bool):
            parts.append(f"{key}: {'true' if value else 'false'}")
        elif isinstance(value, int):
            parts.append(f"{key}: {value}")
        elif isinstance(value, list):
            parts.append(f"{key}: [{', '.join(flow_item(v) for v in value)}]")
        elif isinstance(value, dict):
            inner = ", ".join(f"{k}: {flow(v) if isinstance(v, dict) else quote(str(v))}"
                              for k, v in value.items())
            parts.append(f"{key}: {{{inner}}}")
        elif key.endswith(("_added", "_deprecated", "_changed", "_removed")):
            parts.append(f"{key}: {json.dumps(str(value))}")
        else:
            parts.append(f"{key}: {quote(str(value))}")
    return "{" + ", ".join(parts) + "}"


def flow_item(value: object) -> str:
    if isinstance(value, dict):
        return flow(value)
    return json.dumps(str(value))


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def entry_fields(row: dict[str, str]) -> dict[str, object]:
    fields: dict[str, object] = {}
    if row["hip"]:
        fields["hip"] = row["hip"]
    if row["roc"]:
        fields["roc"] = row["roc"]
    for name in VERSION_FIELDS:
        if row[name]:
            fields[name] = row[name]
    if row["hip_experimental"]:
        fields["hip_experimental"] = True
    if row["hip"] in UNRELEASED_HIP_NAMES:
        fields["hip_unreleased"] = True
    if row["cuda"] in OLDER_HIP_NAMES:
        fields["hip_older"], fields["hip_older_added"] = OLDER_HIP_NAMES[row["cuda"]]
    interim = _hipblas_v2_name(row)
    if interim is not None:
        fields["hip_interim"], fields["hip_interim_added"] = interim
    if row["roc_experimental"]:
        fields["roc_experimental"] = True
    if row["cuda"] in SEMANTIC_NOTES:
        fields["semantic"] = SEMANTIC_NOTES[row["cuda"]]
    if row["cuda"] in BEHAVIOUR_NOTES:
        fields["behaviour"] = BEHAVIOUR_NOTES[row["cuda"]]
    if row["cuda"] in CORRECTION_NOTES:
        fields["note"] = CORRECTION_NOTES[row["cuda"]]
    if row["hip_unsupported"]:
        fields["hip_unsupported_cuda"] = row["hip_unsupported"].split()
    return fields


# Argument rules of our own, beyond argument_rules.csv (which already casts the kernel-pointer
# templates such as cudaFuncGetAttributes). cuda_runtime.h also declares T** template overloads
# of these allocation calls; HIP declares only void**, so the translated call needs the cast
# the CUDA template did implicitly (found by compiling examples/memory with hipcc 5.2).
EXTRA_ARGUMENT_RULES: dict[str, list[dict[str, object]]] = {
    "cudaHostAlloc": [{"action": "cast_argument", "index": 0, "value": "reinterpret_cast<void **>"}],
    "cudaHostGetDevicePointer": [
        {"action": "cast_argument", "index": 0, "value": "reinterpret_cast<void **>"}],
    "cudaMallocPitch": [{"action": "cast_argument", "index": 0, "value": "reinterpret_cast<void **>"}],
}
# Default arguments of cuda_runtime_api.h's C++ declarations (`__dv(...)`) that HIP's declaration
# lacks (HIP 5.2 or 7.2, compared header against header): a call that relies on the default is
# completed with CUDA's default value, which is valid on every HIP version.
_DEFAULTS: dict[str, list[tuple[int, str]]] = {
    "cudaStreamWaitEvent": [(2, "0")],  # HIP 5.2: flags has no default
    "cudaSignalExternalSemaphoresAsync": [(2, "0")],
    "cudaWaitExternalSemaphoresAsync": [(2, "0")],
    "cudaMemcpy2DArrayToArray": [(8, "hipMemcpyDeviceToDevice")],  # HIP 7.2: kind has none
    # cudaMallocHost(p, n) is hipHostMalloc(p, n, hipHostMallocDefault); the C++ overload
    # cudaMallocHost(p, n, flags) already passes them (the differential run: the reference's
    # appended constant made a fourth argument, which no HIP takes, with no finding).
    "cudaMallocHost": [(2, "hipHostMallocDefault")],
}
# hipSPARSE's triangular solves take the buffer the analysis was given (SpSV: before HIP 6.0;
# SpSM: in every HIP so far), which cuSPARSE 12 keeps in the descriptor. The reference appends
# nullptr to SpSM_solve (hipify-clang), a buffer hipSPARSE then uses; the buffer CUDA gave the
# analysis of the same descriptor is what the library expects (nullptr only when none is found,
# with a warning). Found with cuSPARSE's spsv samples on HIP 5.2.
# The graph edge functions CUDA 13 gave edge data (see EXTRA_OVERLOADS): CUDA 12's argument
# count, and the index of the parameter CUDA 13 inserted.
_GRAPH_EDGES = {  # function: (CUDA 12's argument count; CUDA 13 adds one at this index)
    "GraphAddDependencies": (4, 3), "GraphRemoveDependencies": (4, 3), "GraphGetEdges": (4, 3),
    "GraphNodeGetDependencies": (3, 2), "GraphNodeGetDependentNodes": (3, 2),
    "GraphAddNode": (5, 3),
}
_EXTRA_RULES: dict[str, dict[str, object]] = {
    # The direction CUDA infers from unified addresses (ROW_CORRECTIONS), before the stream.
    "cuMemcpy": {"action": "add_const_argument", "index": 3, "value": "hipMemcpyDefault"},
    "cuMemcpyAsync": {"action": "add_const_argument", "index": 3, "value": "hipMemcpyDefault"},
    "cuCtxCreate": {"action": "drop_null_argument", "index": 1, "value": "arity=4"},
    # CUDA 13's edge data, which HIP lacks (see EXTRA_OVERLOADS): null asks for none
    **{prefix + name: {"action": "drop_null_argument", "index": index,
                       "value": f"arity={count + 1}"}
       for name, (count, index) in _GRAPH_EDGES.items() for prefix in ("cuda", "cu")},
    **{prefix + "StreamGetCaptureInfo": {"action": "drop_null_argument", "index": 5,
                                         "value": "arity=7"} for prefix in ("cuda", "cu")},
    **{prefix + "StreamUpdateCaptureDependencies": {"action": "drop_null_argument", "index": 2,
                                                    "value": "arity=5"}
       for prefix in ("cuda", "cu")},
    # cublasSgemmEx's compute type and algorithm, which hipblasGemmEx takes (ROW_CORRECTIONS)
    **{name: {"action": "add_const_argument", "index": 17,
              "value": "HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT"}
       for name in ("cublasSgemmEx", "cublasSgemmEx_64")},
    "cusparseSpSV_solve": {"action": "append_argument_of_call", "index": 8,
                           "value": "cusparseSpSV_analysis:8:9", "hip_before": "6.0.0"},
    "cusparseSpSM_solve": {"action": "append_argument_of_call", "index": 9,
                           "value": "cusparseSpSM_analysis:9:10:nullptr"},
}
# cublas_api.h's C++ overloads of the three GEMM-Ex functions take a cudaDataType as compute type
# (code written before CUDA 11) and convert it (cublasMigrateComputeType); hipBLAS 7 has no such
# overload, so the converted value is written out (the table decides its HIP name per version;
# pedantic math mode, which CUDA consults there, has no hipBLAS counterpart). Found in
# bitsandbytes: hipblasGemmStridedBatchedEx(..., HIP_R_32I, ...) matched no overload.
_COMPUTE_TYPES = ("CUDA_R_32F=CUBLAS_COMPUTE_32F;CUDA_C_32F=CUBLAS_COMPUTE_32F;"
                  "CUDA_R_64F=CUBLAS_COMPUTE_64F;CUDA_C_64F=CUBLAS_COMPUTE_64F;"
                  "CUDA_R_16F=CUBLAS_COMPUTE_16F;CUDA_R_32I=CUBLAS_COMPUTE_32I")
for _name, _index in (("cublasGemmEx", 17), ("cublasGemmBatchedEx", 18),
                      ("cublasGemmStridedBatchedEx", 21)):
    _EXTRA_RULES[_name] = {"action": "map_argument_values", "index": _index,
                             "value": _COMPUTE_TYPES}
# Calls told apart by their argument count. CUDA 13 gave cudaMemPrefetchAsync the location form
# (ptr, count, cudaMemLocation, flags, stream) of cudaMemPrefetchAsync_v2; with five arguments
# it is HIP's _v2 (which the target must have: the overload target is version-checked as the
# CUDA name that maps to it). Found by issue 15: the old shape was emitted for CUDA 13 calls.
# An overload naming the entry's own HIP name says that count is HIP's shape, so the mapping
# holds whatever CUDA release the code is read as: a four-argument cudaMemPrefetchAsync and a
# three-argument cuCtxCreate are the pre-13 forms. CUDA 13's cuCtxCreate(&ctx, params, flags,
# dev) is hipCtxCreate when params is a null constant (drop_null_argument), else reported.
#
# The other functions CUDA 13 changed (hip_unsupported_cuda 13.0), compared header against
# header: CUDA 12.x's declarations, CUDA 13's (/usr/local/cuda/include) and HIP 7.2's. Each lists
# every argument count either release accepts (defaults included), so a call of any other count
# fits no HIP function and is reported (targets.py), whatever --cuda-version says:
# * The graph edge functions gained an edgeData/dependencyData parameter before the count, which
#   HIP's functions lack (HIP 7.2 has no edge-data form of any of them): the CUDA 12 count is
#   HIP's shape, and a CUDA 13 call that passes a null constant there (no edge data: plain
#   edges, all HIP has) is the same call without it (drop_null_argument, _EXTRA_RULES).
# * cudaStreamGetCaptureInfo: CUDA 12 gave the plain name _v2's six parameters (five defaulted),
#   CUDA 13 put edgeData_out before the count. HIP's plain function is CUDA 11's three-parameter
#   form, HIP's _v2 CUDA 12's: two, four, five and six arguments are _v2 (hipStreamGetCaptureInfo
#   has no defaults), three the plain one, seven CUDA 13's with the edge data dropped when null.
#   Six is both releases' count: typed (TYPED_OVERLOADS). The driver's has no defaults: CUDA 11
#   three, CUDA 12 six (cuda.h maps the name to _v2), CUDA 13 seven.
# * cudaStreamUpdateCaptureDependencies: CUDA 12 (stream, deps, n[, flags]), CUDA 13 (stream,
#   deps, dependencyData, n[, flags]): three and five tell; four is typed. The driver's: 4 or 5.
# * cudaMemPrefetchAsync: CUDA 12 (ptr, n, device[, stream]), CUDA 13 (ptr, n, location,
#   flags[, stream]): three and five tell; four is typed (a device or a location).
#   cuMemPrefetchAsync has no defaults: four is CUDA 12's, five CUDA 13's.
# * cudaMemcpyBatchAsync / cudaMemcpy3DBatchAsync (and cu*): CUDA 12.8 passed failIdx, which
#   CUDA 13 dropped and HIP 7.2 still takes (before the stream): only the 12.8 count (9, 5) has
#   a HIP function; a CUDA 13 call (8, 4) is reported.
_V2 = "hipStreamGetCaptureInfo_v2"
EXTRA_OVERLOADS: dict[str, dict[int, str]] = {
    "cudaGraphExecUpdate": {4: "hipGraphExecUpdate"},
    "cuGraphExecUpdate": {4: "hipGraphExecUpdate"},
    "cudaMemPrefetchAsync": {3: "hipMemPrefetchAsync", 5: "hipMemPrefetchAsync_v2"},
    "cuMemPrefetchAsync": {4: "hipMemPrefetchAsync", 5: "hipMemPrefetchAsync_v2"},
    "cuCtxCreate": {3: "hipCtxCreate", 4: "hipCtxCreate"},
    "cuCtxCreate_v2": {3: "hipCtxCreate"},
    **{prefix + name: {count: "hip" + name, count + 1: "hip" + name}
       for name, (count, _) in _GRAPH_EDGES.items() for prefix in ("cuda", "cu")},
    "cudaStreamGetCaptureInfo": {2: _V2, 3: "hipStreamGetCaptureInfo", 4: _V2, 5: _V2, 7: _V2},
    "cuStreamGetCaptureInfo": {3: "hipStreamGetCaptureInfo", 6: _V2, 7: _V2},
    "cudaStreamUpdateCaptureDependencies": {3: "hipStreamUpdateCaptureDependencies",
                                            5: "hipStreamUpdateCaptureDependencies"},
    "cuStreamUpdateCaptureDependencies": {4: "hipStreamUpdateCaptureDependencies",
                                          5: "hipStreamUpdateCaptureDependencies"},
    **{prefix + "MemcpyBatchAsync": {9: "hipMemcpyBatchAsync"} for prefix in ("cuda", "cu")},
    **{prefix + "Memcpy3DBatchAsync": {5: "hipMemcpy3DBatchAsync"} for prefix in ("cuda", "cu")},
}
# Argument counts that both releases give a form of, told apart by one argument's type (the
# engine reads it from the tokens: engine/rules/call_forms.py; unseen, --cuda-version decides,
# with HPY156). old/new: that argument's CUDA type before 13.0 and from 13.0 (the headers'
# spelling); old_hip/new_hip: the HIP function of each form (no new_hip: HIP has none, HPY155);
# if_null: the form a null constant there is read as, where both readings mean the same.
TYPED_OVERLOADS: dict[str, dict[int, dict[str, object]]] = {
    "cudaMemAdvise": {4: {"index": 3, "old": "int", "new": "cudaMemLocation",
                          "old_hip": "hipMemAdvise", "new_hip": "hipMemAdvise_v2"}},
    "cuMemAdvise": {4: {"index": 3, "old": "CUdevice", "new": "CUmemLocation",
                        "old_hip": "hipMemAdvise", "new_hip": "hipMemAdvise_v2"}},
    "cudaMemPrefetchAsync": {4: {"index": 2, "old": "int", "new": "cudaMemLocation",
                                 "old_hip": "hipMemPrefetchAsync",
                                 "new_hip": "hipMemPrefetchAsync_v2"}},
    # Six arguments with a null last: CUDA 12 asks for no count, CUDA 13 for no edge data and
    # (defaulted) no count: _v2 with the null is both. CUDA 13's non-null edge data: no HIP.
    "cudaStreamGetCaptureInfo": {6: {"index": 5, "old": "size_t *",
                                     "new": "const cudaGraphEdgeData **", "old_hip": _V2,
                                     "if_null": "old"}},
    "cudaStreamUpdateCaptureDependencies": {4: {
        "index": 2, "old": "size_t", "new": "const cudaGraphEdgeData *",
        "old_hip": "hipStreamUpdateCaptureDependencies"}},
}
# rocBLAS's half-precision GEMMs (--roc) take rocblas_half, a struct of its own that the __half
# cuBLAS takes, and the code keeps, does not convert to: the pointers are cast (same 16 bits).
# Found while comparing with HIPIFY's cublas2rocblas test, which renames __half instead (that
# breaks the __half arithmetic of device code).
_ROC_HALF = "reinterpret_cast<const rocblas_half *>"
_ROC_HALF_OUT = "reinterpret_cast<rocblas_half *>"
for _name, _casts in (
        ("cublasHgemm", {6: _ROC_HALF, 7: _ROC_HALF, 9: _ROC_HALF, 11: _ROC_HALF,
                         12: _ROC_HALF_OUT}),
        ("cublasHgemmStridedBatched", {6: _ROC_HALF, 7: _ROC_HALF, 10: _ROC_HALF,
                                       13: _ROC_HALF, 14: _ROC_HALF_OUT}),
        ("cublasHgemmBatched", {6: _ROC_HALF, 7: "reinterpret_cast<const rocblas_half * const *>",
                                9: "reinterpret_cast<const rocblas_half * const *>",
                                11: _ROC_HALF, 12: "reinterpret_cast<rocblas_half * const *>"})):
    for _variant in (_name, _name + "_64"):
        EXTRA_ARGUMENT_RULES.setdefault(_variant, []).extend(
            {"action": "cast_argument", "index": i, "value": v, "mode": "roc"}
            for i, v in _casts.items())
REPLACED_ARGUMENT_RULES = {
    ("cusparseSpSM_solve", "add_const_argument", 10, "default"),
    # Left from when hipify-clang mapped cudaGetDriverEntryPoint to hipGetProcAddress, which
    # takes a HIP version there (hipify-clang evaluates the expression itself; we would write
    # it into the code). hipGetDriverEntryPoint, the mapping now, has CUDA's own signature:
    # with the inserted argument the call did not compile, with no finding (HIPIFY's suite).
    ("cudaGetDriverEntryPoint", "add_const_argument", 2, "default"),
    # Appended whatever the call passes: a default argument instead (_DEFAULTS).
    ("cudaMallocHost", "add_const_argument", 3, "default"),
}
for _name, _rule in _EXTRA_RULES.items():
    EXTRA_ARGUMENT_RULES.setdefault(_name, []).append(_rule)
for _name, _defaults in _DEFAULTS.items():
    EXTRA_ARGUMENT_RULES.setdefault(_name, []).extend(
        {"action": "add_default_argument", "index": i, "value": v} for i, v in _defaults)


# HIP names the reference gives with no HIP version, which no HIP release declares (checked
# against ROCm 7.2's headers): emitted, they fail to compile with no finding (found with
# cuBLAS's emulation samples). They are kept and reported instead (HPY150), unless --amap.
UNRELEASED_HIP_NAMES = frozenset({
    "HIPBLAS_FP32_EMULATED_BF16X9_MATH", "hipblasEmulationStrategy_t",
    "hipblasLtMatrixLayoutOpaque_t", "hipGraphDebugDotFlagsRuntimeTypes",
    "hipStreamMemOpAtomicReduction", "hipErrorLossyQuery", "hipGraphNodeTypeConditional",
    "hipMemPoolAttrAllocationType", "hipMemPoolAttrExportHandleTypes",
    "hipMemPoolAttrHwDecompressEnabled", "hipMemPoolAttrLocationId",
    "hipMemPoolAttrLocationType", "hipMemPoolAttrMaxPoolSize",
})

# HIP renames: the reference gives the current HIP name only, which a target older than its
# hip_added lacks; that HIP had the same thing under the older name (first HIP release, name).
# Found with cuSPARSE's samples on HIP 5.2 (HIPSPARSE_ORDER_COLUMN is in 4.2's hipsparse.h,
# HIPSPARSE_ORDER_COL came in 5.4 and deprecates it).
OLDER_HIP_NAMES: dict[str, tuple[str, str]] = {
    "CUSPARSE_ORDER_COL": ("HIPSPARSE_ORDER_COLUMN", "4.2.0"),
    # hipDeviceAttributePciDomainId came with 7.2; 5.2 and 7.2 both declare ...PciDomainID.
    "cudaDevAttrPciDomainId": ("hipDeviceAttributePciDomainID", "5.2.0"),
    "CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID": ("hipDeviceAttributePciDomainID", "5.2.0"),
}

# HIP names the reference dates later than HIP 5.2, which HIP 5.2 declares: each was referenced
# in a translation unit that Debian's hipcc 5.2 compiled (`(void)NAME;` after hip_runtime.h and
# hiprtc.h). Their rows get hip_added 5.2.0 (the first release is not known here): dated 6.4,
# the JIT options were left untranslated and reported for any older target.
HIP_DECLARED_BY_5_2 = frozenset({
    "hipDeviceAttributeMultiGpuBoardGroupID",
    *(f"hipJitOption{n}" for n in (
        "CacheMode", "ErrorLogBuffer", "ErrorLogBufferSizeBytes", "FallbackStrategy",
        "FastCompile", "GenerateDebugInfo", "GenerateLineInfo", "InfoLogBuffer",
        "InfoLogBufferSizeBytes", "LogVerbose", "MaxRegisters", "NumOptions",
        "OptimizationLevel", "Sm3xOpt", "Target", "TargetFromContext", "ThreadsPerBlock",
        "WallTime")),
})
HIP_5_2 = "5.2.0"

# hipBLAS 2 (HIP 6.0) added hipblasXxx_v2 functions taking hipComplex and __half where the plain
# names took hipblasComplex and hipblasHalf; hipBLAS 3 (HIP 7.0) gave the plain names those
# signatures and removed the _v2 ones: the reference's hip_changed 7.0.0 rows. A target in
# [6.0, 7.0) gets the _v2 name (hipify-clang for ROCm 6.x writes it too), available from HIP 6.0
# or the plain name's own hip_added if later (checked against HIPIFY 6.3's tables: all 369 agree).
HIPBLAS_V2_CHANGED = "7.0.0"
HIPBLAS_V2_ADDED = "6.0.0"


def _hipblas_v2_name(row: dict[str, str]) -> tuple[str, str] | None:
    hip = row["hip"]
    if row["hip_changed"] != HIPBLAS_V2_CHANGED or not hip.startswith("hipblas"):
        return None
    name = hip[:-3] + "_v2_64" if hip.endswith("_64") else hip + "_v2"
    return name, max(HIPBLAS_V2_ADDED, row["hip_added"], key=_version_key)


# Names that map but mean something different on HIP (HPY170 on every use), from HIP's headers
# and documentation. Found by issue 15: a program worked only because it tested a count as a flag.
_CLOCK = ("CUDA counts the SM's cycles; on AMD the counter's rate differs per GPU and may vary "
          "with the clock: for elapsed time use wall_clock64() and "
          "hipDeviceAttributeWallClockRate")
# Researched against HIP 7.2's headers and CLR runtime source (hip_device.cpp, hip_module.cpp,
# hip_device_runtime.cpp, hip_context.cpp) and __clang_hip_math.h; see docs/semantic-notes.md.
# (also the note of cudaDeviceProp.major/minor: scripts/generate_device_properties.py)
COMPUTE_CAPABILITY_NOTE = ("on AMD this is the gfx ISA version (gfx90a: 9.0, gfx942: 9.4), not an NVIDIA compute "
       "capability: compute-capability tests pick wrong paths; test gcnArchName or features")
_ISA = ("HIP returns the gfx ISA version as major*10+minor (90 for gfx90a), not a PTX or SASS "
        "version: version thresholds pick wrong paths")
_BOARD = ("HIP returns the GPU's PCI device number, not a board ID: GPUs on different boards "
          "often report the same value; do not group devices by it")
_NO_ATTRIBUTE = ("AMD's hipDeviceGetAttribute does not implement this attribute: it returns "
                 "hipErrorInvalidValue and leaves the output unset; read the hipDeviceProp_t "
                 "field instead")
_PRINTF_FIFO = ("HIP does not support this limit: hipDeviceSetLimit/hipDeviceGetLimit return "
                "hipErrorUnsupportedLimit, so an error-checked call fails; drop or guard it")
_SATURATE = ("HIP returns NaN for a NaN input and -0 for -0, where CUDA returns +0 for both: code "
             "that relies on it to scrub NaNs needs an isnan check")
_UNATTRIBUTED = (
    "cudaDevAttrMaxSurface2DWidth", "cudaDevAttrMaxSurface2DHeight",
    "cudaDevAttrMaxSurface3DWidth", "cudaDevAttrMaxSurface3DHeight",
    "cudaDevAttrMaxSurface3DDepth", "cudaDevAttrMaxSurface1DLayeredWidth",
    "cudaDevAttrMaxSurface2DLayeredWidth", "cudaDevAttrMaxSurface2DLayeredHeight",
    "cudaDevAttrMaxSurfaceCubemapWidth", "cudaDevAttrMaxSurfaceCubemapLayeredWidth",
    "cudaDevAttrMaxTexture1DLayeredWidth", "cudaDevAttrMaxTexture2DLayeredWidth",
    "cudaDevAttrMaxTexture2DLayeredHeight", "cudaDevAttrMaxTexture2DGatherWidth",
    "cudaDevAttrMaxTexture2DGatherHeight", "cudaDevAttrMaxTexture2DLinearWidth",
    "cudaDevAttrMaxTexture2DLinearHeight", "cudaDevAttrMaxTexture2DLinearPitch",
    "cudaDevAttrMaxTexture2DMipmappedWidth", "cudaDevAttrMaxTexture2DMipmappedHeight",
    "cudaDevAttrMaxTexture3DWidthAlt", "cudaDevAttrMaxTexture3DHeightAlt",
    "cudaDevAttrMaxTexture3DDepthAlt", "cudaDevAttrMaxTextureCubemapLayeredWidth",
    "cudaDevAttrSingleToDoublePrecisionPerfRatio", "cudaDevAttrTccDriver",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH", "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH", "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE",
    "CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH",
    "CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO", "CU_DEVICE_ATTRIBUTE_TCC_DRIVER",
)
# The driver's JIT linker maps to hiprtc's, whose types are hiprtc's own (hip/hiprtc.h, which
# the translated cuda.h does not include): CUjit_option arrays become hipJitOption ones,
# hiprtcLinkCreate takes hiprtcJIT_option; CUresult becomes hipError_t, it returns hiprtcResult.
# A call as CUDA code writes it failed to compile with no finding (the host API surface check).
_HIPRTC_LINKER = (
    "hiprtc's linker is declared in <hip/hiprtc.h> (include it) and takes hiprtc's own types: "
    "options as hiprtcJIT_option (not hipJitOption), inputs as hiprtcJITInputType, and it "
    "returns hiprtcResult (not hipError_t): declare the option arrays and results with those")
# Library functions whose HIP form declares a parameter with another type than CUDA's, so that
# a call as CUDA code writes it fails to compile (found by calling every cuBLAS, cuFFT, cuRAND,
# cuSPARSE and cuSOLVER function, translating and compiling with ROCm 7.2's libraries): said on
# each use (HPY170), with what to declare instead.
_SIZE_T_BUFFER = ("hipSPARSE writes the buffer size through a size_t* (cuSPARSE: int*): declare "
                  "the variable that receives it as size_t")
_LIBRARY_SIGNATURES = {
    **{f"cusparse{t}{op}_bufferSize": _SIZE_T_BUFFER
       for t in "SDCZ" for op in ("csr2gebsr", "gebsr2gebsc")},
    "cufftGetProperty": ("hipfftGetProperty takes hipFFT's own property type (HIPFFT_MAJOR_VERSION, "
                         "HIPFFT_MINOR_VERSION, HIPFFT_PATCH_LEVEL), not libraryPropertyType: pass "
                         "those"),
}
SEMANTIC_NOTES = {
    **_LIBRARY_SIGNATURES,
    **dict.fromkeys(("CUlinkState", "cuLinkCreate", "cuLinkCreate_v2", "cuLinkAddData", "cuLinkAddData_v2",
                     "cuLinkAddFile", "cuLinkAddFile_v2", "cuLinkComplete", "cuLinkDestroy"),
                    _HIPRTC_LINKER),
    "CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO": (
        "hipBLASLt has no mode that ignores beta; this one reads beta from the host, so each "
        "matmul in this mode must pass a pointer to a host 0 as beta (a null or device pointer, "
        "which CUDA ignores here, fails); with a zero beta, C may still be read: an "
        "uninitialised floating-point C holding NaN or Inf gives NaN where CUDA gave alpha*A*B"),
    "clock": _CLOCK, "clock64": _CLOCK,
    **dict.fromkeys(("cudaDevAttrComputeCapabilityMajor", "cudaDevAttrComputeCapabilityMinor",
                     "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR",
                     "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR", "cuDeviceComputeCapability"),
                    COMPUTE_CAPABILITY_NOTE),
    **dict.fromkeys(("CU_FUNC_ATTRIBUTE_PTX_VERSION", "CU_FUNC_ATTRIBUTE_BINARY_VERSION"), _ISA),
    **dict.fromkeys(("cudaDevAttrMultiGpuBoardGroupID",
                     "CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID"), _BOARD),
    **dict.fromkeys(_UNATTRIBUTED, _NO_ATTRIBUTE),
    **dict.fromkeys(("cudaLimitPrintfFifoSize", "CU_LIMIT_PRINTF_FIFO_SIZE"), _PRINTF_FIFO),
    "__saturatef": _SATURATE,
    **dict.fromkeys(("cuCtxCreate", "cuCtxCreate_v2"), (
        "HIP returns the device's primary context: every context of a device is one handle "
        "sharing allocations, streams and flags, and hipCtxDestroy frees nothing")),
}
# Same results, different behaviour on AMD (HPY171, a note).
_CACHE_CONFIG = ("AMD GPUs have no configurable L1/shared-memory split: HIP (7.2) accepts the "
                 "preference and ignores it")
BEHAVIOUR_NOTES = {
    **dict.fromkeys(("cudaDeviceSetCacheConfig", "cudaFuncSetCacheConfig",
                     "cudaThreadSetCacheConfig", "cuCtxSetCacheConfig"),
                    _CACHE_CONFIG),
    **dict.fromkeys(("cudaMallocManaged", "cuMemAllocManaged"), (
        "unless HSA_XNACK=1 on a kernel with HMM, HIP's managed memory stays in pinned host "
        "memory and kernels reach it over the interconnect (no page migration)")),
    **dict.fromkeys(("cudaDevAttrAsyncEngineCount", "CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT"), (
        "HIP reports a fixed 8 (its asynchronous queues), not the number of copy engines: only "
        "tests such as > 0 keep CUDA's meaning")),
    **dict.fromkeys(("cudaHostRegister", "cuMemHostRegister", "cuMemHostRegister_v2"), (
        "on discrete AMD GPUs the registered range has another device address: kernels need "
        "hipHostGetDevicePointer's result, not the host pointer CUDA's UVA accepts")),
}

# What `hipify-py lookup` says of a corrected row whose HIP name differs from hipify-clang's.
_GPU_OVERLAP_NOTE = (
    "hipify-clang maps this to hipDeviceAttributeAsyncEngineCount, a count (HIP answers 8); "
    "hipify-py maps it to hipDeviceAttributeDeviceOverlap, the same 0/1 flag as CUDA's")
CORRECTION_NOTES: dict[str, str] = {
    "cudaDevAttrGpuOverlap": _GPU_OVERLAP_NOTE,
    "CU_DEVICE_ATTRIBUTE_GPU_OVERLAP": _GPU_OVERLAP_NOTE,
}

# Rows of the reference that break real code, corrected; each with its reason.
_CUDA_12_ON = " ".join([f"12.{minor}" for minor in range(10)] + ["13.0"])
ROW_CORRECTIONS: dict[str, dict[str, str]] = {
    # CUDA 12 gave graph update one result argument (cudaGraphExecUpdateResultInfo*) where it
    # took two (error node, result); HIP has only the two (found calling every runtime
    # function): a 3-argument call is CUDA 12's form, HIP has none (HPY155), a 4-argument call
    # (CUDA 11's) maps (EXTRA_OVERLOADS).
    **{name: {"cuda_changed": "12.0", "hip_unsupported": _CUDA_12_ON}
       for name in ("cudaGraphExecUpdate", "cuGraphExecUpdate")},
    # cuBLASLt reads no beta in this mode; hipBLASLt's modes (ROCm 7.2's hipblaslt.h) all read
    # one. The nearest, which bitsandbytes' hand-written HIP port uses, reads beta from the host:
    # the same product where the matmul's beta points to a host 0 (said on each use, HPY170).
    "CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO": {
        "hip": "HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST", "hip_added": "6.0.0"},
    # CUDA's GPU_OVERLAP is a 0/1 flag; the reference maps it to AsyncEngineCount, which HIP
    # answers with a fixed 8. hipDeviceAttributeDeviceOverlap is the flag (CLR:
    # `*pi = prop.asyncEngineCount > 0 ? 1 : 0`), in HIP's enum since the same release.
    "cudaDevAttrGpuOverlap": {"hip": "hipDeviceAttributeDeviceOverlap"},
    "CU_DEVICE_ATTRIBUTE_GPU_OVERLAP": {"hip": "hipDeviceAttributeDeviceOverlap"},
    # CUDA's nv_bfloat16 is a typedef of __nv_bfloat16. hip_bfloat16 is rocBLAS's older struct,
    # which hip/hip_bf16.h (what cuda_bf16.h becomes) does not declare.
    "nv_bfloat16": {"hip": "__hip_bfloat16", "hip_added": "5.7.0"},
    "nv_bfloat162": {"hip": "__hip_bfloat162", "hip_added": "5.7.0"},
    # CUDA's __float2bfloat16 is its _rn form (round to nearest even, cuda_bf16.hpp), which
    # the reference maps; HIP's __float2bfloat16 rounds to nearest even too, and no HIP up to
    # 7.2 declares the _rn name (karpathy/llm.c's stochastic rounding calls it).
    "__float2bfloat16_rn": {"hip": "__float2bfloat16", "hip_added": "5.7.0"},
    # cublasSgemmEx is cublasGemmEx computing in float (cuBLAS: "the matrix types ... the
    # computation in float"; CUBLAS_COMPUTE_32F, the default algorithm): hipBLAS's GemmEx with
    # those two arguments written out (_EXTRA_RULES). From hipBLAS 2 (HIP 6.0, hipblasGemmEx_v2
    # until 7.0) the data types are hipDataType, which CUDA_R_* become; before it they were
    # hipblasDatatype_t, which the translated arguments do not fit: reported there (HPY150).
    # Found in faiss (utils/MatrixMult-inl.cuh), whose hand port calls hipblasGemmEx so.
    "cublasSgemmEx": {"hip": "hipblasGemmEx", "hip_added": "6.0.0", "hip_changed": "7.0.0"},
    "cublasSgemmEx_64": {"hip": "hipblasGemmEx_64", "hip_added": "6.3.0", "hip_changed": "7.0.0"},
    # hipBLAS has had the status-string function since ROCm 5.1; only rocBLAS's was listed.
    "cublasGetStatusString": {"hip": "hipblasStatusToString", "hip_added": "5.1.0"},
    # The reference swaps the rocSPARSE orders (column-major data read as row-major: wrong
    # results that compile). Each order maps to the same order.
    "CUSPARSE_ORDER_COL": {"roc": "rocsparse_order_column"},
    "CUSPARSE_ORDER_ROW": {"roc": "rocsparse_order_row"},
    # Device functions the reference lists as unsupported that HIP 7.2's headers declare under
    # the same name (checked against ROCm 7.2; HIP 5.2 lacks them; the first HIP release with
    # them is not known here, so 7.2 is the version claimed).
    **{name: {"hip": name, "hip_added": "7.2.0"} for name in (
        "__hadd2_rn", "__hadd_rn", "__hmul2_rn", "__hmul_rn", "__hsub2_rn", "__hsub_rn",
        "__int2bfloat16_rn")},
    # Deprecated since CUDA 11: "heuristics, while allowing reduced-precision kernels". hipBLAS's
    # default heuristics never reduce precision, which the CUDA mode allowed but did not demand.
    "CUBLAS_GEMM_DEFAULT_TENSOR_OP": {"hip": "HIPBLAS_GEMM_DEFAULT", "hip_added": "1.8.2"},
    # Device attributes the reference misspells or dates wrongly, checked against the HIP headers
    # of ROCm 5.2 and 7.2 (tests/test_hip_headers.py): MaxBlocksPerMultiProcessor is spelled with
    # a capital P in both; MultiGpuBoardGroupID is in both (HIP_DECLARED_BY_5_2); PciDomainId is
    # absent from 5.2 and present in 7.2 (the first release with it is not known here, so 7.2 is
    # claimed; older targets get PciDomainID, OLDER_HIP_NAMES).
    "cudaDevAttrMaxBlocksPerMultiprocessor": {
        "hip": "hipDeviceAttributeMaxBlocksPerMultiProcessor"},
    "CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR": {
        "hip": "hipDeviceAttributeMaxBlocksPerMultiProcessor"},
    "CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID": {
        "hip": "hipDeviceAttributeMultiGpuBoardGroupID"},
    "cudaDevAttrPciDomainId": {"hip_added": "7.2.0"},
    "CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID": {"hip_added": "7.2.0"},
    # CUDA 12.2's location-based prefetch and advice (the shape CUDA 13 gives the unsuffixed
    # names): HIP 7.2 declares both _v2 functions (5.2 neither; the first release is not known
    # here, so 7.2 is claimed).
    "cudaMemPrefetchAsync_v2": {"hip": "hipMemPrefetchAsync_v2", "hip_added": "7.2.0"},
    "cudaMemAdvise_v2": {"hip": "hipMemAdvise_v2", "hip_added": "7.2.0"},
    # The driver's twins (CUmemLocation, which becomes hipMemLocation; CUdeviceptr, the void *
    # HIP's functions take): the forms CUDA 13 gives cuMemAdvise and cuMemPrefetchAsync.
    "cuMemPrefetchAsync_v2": {"hip": "hipMemPrefetchAsync_v2", "hip_added": "7.2.0"},
    "cuMemAdvise_v2": {"hip": "hipMemAdvise_v2", "hip_added": "7.2.0"},
    # Deprecated in CUDA 11.2 as a second name of VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED (cuda.h:
    # both are 102); the reference has no HIP name for it. Found in NVIDIA's blog samples (VMM).
    "CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED": {
        "hip": "hipDeviceAttributeVirtualMemoryManagementSupported", "hip_added": "5.3.0"},
    # Found by scripts/declared_but_unsupported.py (CUDA names reported unsupported whose HIP
    # name HIP 5.2's or 7.2's headers declare), each checked against CUDA 13's and HIP's
    # declarations. A version is the first ROCm/HIP tag whose headers have the name where that
    # history reaches (to 6.2); else 7.2 is claimed, the first release being unknown here.
    # OpenGL interop, the flags CUDA's samples pass to cudaGraphicsGLRegisterBuffer: the map
    # flags have the register flags' values (driver_types.h: None 0, ReadOnly 1, WriteDiscard 2)
    # and the registration functions take them as unsigned int.
    "cudaGraphicsMapFlags": {"hip": "hipGraphicsRegisterFlags", "hip_added": "4.4.0"},
    "cudaGraphicsMapFlagsNone": {"hip": "hipGraphicsRegisterFlagsNone", "hip_added": "4.4.0"},
    "cudaGraphicsMapFlagsReadOnly": {"hip": "hipGraphicsRegisterFlagsReadOnly",
                                     "hip_added": "4.4.0"},
    "cudaGraphicsMapFlagsWriteDiscard": {"hip": "hipGraphicsRegisterFlagsWriteDiscard",
                                         "hip_added": "4.4.0"},
    "CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE": {"hip": "hipGraphicsRegisterFlagsNone",
                                            "hip_added": "4.4.0"},
    "CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY": {"hip": "hipGraphicsRegisterFlagsReadOnly",
                                                 "hip_added": "4.4.0"},
    "CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD": {"hip": "hipGraphicsRegisterFlagsWriteDiscard",
                                                     "hip_added": "4.4.0"},
    # CUDA's struct tags (`struct cudaGraphicsResource *res`, as the GL samples write it): HIP's
    # hipGraphicsResource is a typedef, which `struct hipGraphicsResource` may not name (an
    # error on HIP 5.2 and 7.2); its tag is _hipGraphicsResource in both.
    "cudaGraphicsResource": {"hip": "_hipGraphicsResource"},
    "CUgraphicsResource_st": {"hip": "_hipGraphicsResource"},
    # Deprecated since CUDA 5.0 ("no longer necessary to associate a CUDA device with an OpenGL
    # context"): what remains is recording the device, as cudaSetDevice does.
    "cudaGLSetGLDevice": {"hip": "hipSetDevice", "hip_added": "1.6.0"},
    # (stream, int *device): hipDevice_t is int.
    "cudaStreamGetDevice": {"hip": "hipStreamGetDevice", "hip_added": "5.6.0"},
    "cuStreamGetDevice": {"hip": "hipStreamGetDevice", "hip_added": "5.6.0"},
    # cuMemcpy/cuMemcpyAsync infer the direction from unified addresses, as hipMemcpyDefault
    # does: the kind is inserted (EXTRA_ARGUMENT_RULES).
    "cuMemcpy": {"hip": "hipMemcpy", "hip_added": "1.6.0"},
    "cuMemcpyAsync": {"hip": "hipMemcpyAsync", "hip_added": "1.6.0"},
    # cudaStreamWaitEvent's flags, same values (0, 1).
    "cudaEventWaitDefault": {"hip": "hipEventWaitDefault", "hip_added": "7.2.0"},
    "cudaEventWaitExternal": {"hip": "hipEventWaitExternal", "hip_added": "7.2.0"},
    # Same struct fields and the same function (runtime API; the driver's descriptor differs).
    "cudaExternalMemoryGetMappedMipmappedArray": {
        "hip": "hipExternalMemoryGetMappedMipmappedArray", "hip_added": "6.0.0"},
    "cudaExternalMemoryMipmappedArrayDesc": {"hip": "hipExternalMemoryMipmappedArrayDesc",
                                             "hip_added": "6.0.0"},
    # The values of the cudaJitCacheMode option, same order from 0.
    "cudaJit_CacheMode": {"hip": "hipJitCacheMode", "hip_added": "7.2.0"},
    "cudaJitCacheOptionNone": {"hip": "hipJitCacheOptionNone", "hip_added": "7.2.0"},
    "cudaJitCacheOptionCG": {"hip": "hipJitCacheOptionCG", "hip_added": "7.2.0"},
    "cudaJitCacheOptionCA": {"hip": "hipJitCacheOptionCA", "hip_added": "7.2.0"},
    # Removed in CUDA 11.5; hipSPARSE keeps the enum, same values (0, 1).
    "cusparseSideMode_t": {"hip": "hipsparseSideMode_t", "hip_added": "5.2.0"},
    "CUSPARSE_SIDE_LEFT": {"hip": "HIPSPARSE_SIDE_LEFT", "hip_added": "5.2.0"},
    "CUSPARSE_SIDE_RIGHT": {"hip": "HIPSPARSE_SIDE_RIGHT", "hip_added": "5.2.0"},
    # A switch the user defines to silence CUB's deprecation warnings; hipCUB (7.2's
    # util_deprecated.hpp) reads the same name. Reported, the define was an error.
    "CUB_IGNORE_DEPRECATED_API": {"hip": "CUB_IGNORE_DEPRECATED_API", "hip_added": "7.2.0"},
    # Same parameters; hipFFT marks it experimental (HPY140 without --experimental).
    "cufftXtSetDistribution": {"hip": "hipfftXtSetDistribution", "hip_added": "7.2.0",
                               "hip_experimental": "1"},
    # HIP declares no __trap; clang's builtin is what it would be, in every HIP version.
    "__trap": {"hip": "__builtin_trap", "hip_added": "1.6.0"},
    # HIP has no umin/umax/llmin/...: its min/max overloads, with the arguments converted as
    # CUDA's signatures would (see EXTRA_ARGUMENT_RULES).
    "umin": {"hip": "min", "hip_added": "1.6.0"}, "umax": {"hip": "max", "hip_added": "1.6.0"},
    "llmin": {"hip": "min", "hip_added": "1.6.0"}, "llmax": {"hip": "max", "hip_added": "1.6.0"},
    "ullmin": {"hip": "min", "hip_added": "1.6.0"}, "ullmax": {"hip": "max", "hip_added": "1.6.0"},
}
for _name, _type in (("umin", "unsigned int"), ("umax", "unsigned int"), ("llmin", "long long"),
                     ("llmax", "long long"), ("ullmin", "unsigned long long"),
                     ("ullmax", "unsigned long long")):
    EXTRA_ARGUMENT_RULES[_name] = [
        {"action": "cast_argument", "index": i, "value": f"static_cast<{_type}>"} for i in (0, 1)]

# hipRAND hands the scramble constants out as const (const unsigned int**); cuRAND's parameter
# is not const, so the address of the caller's pointer is converted.
for _bits, _type in (("32", "unsigned int"), ("64", "unsigned long long")):
    EXTRA_ARGUMENT_RULES[f"curandGetScrambleConstants{_bits}"] = [
        {"action": "cast_argument", "index": 0, "value": f"const_cast<const {_type}**>"}]

# Names the reference lacks, found in real code (compile errors with no finding).
# Names the CUDA 13 math libraries' headers declare (cuSOLVER, cuSPARSE, cuRAND of the
# nvidia-* wheels) that the reference lacks and no HIP library declares (checked against ROCm
# 7.2's hipSOLVER, hipSPARSE, hipRAND): left as they were, they failed with no finding (the
# library API surface check, DEVELOPERS.md).
_LIBRARY_NAMES_HIP_LACKS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("cusolver", "1. CUSOLVER Data types", (
        "CUSOLVERDN_GEEV", "CUSOLVERDN_GEQRF", "CUSOLVERDN_GESVD", "CUSOLVERDN_SYEVD",
        "CUSOLVER_EIG_COMP_I", "CUSOLVER_EIG_COMP_N", "CUSOLVER_EIG_COMP_V",
        "CUSOLVER_FP32_FP64_EMULATED_MATH", "CUSOLVER_FP64_EMULATED_FIXEDPOINT_MATH",
        "cusolverEigComp_t")),
    ("cusolver", "2. CUSOLVER Function Reference", (
        "cusolverGetProperty", "cusolverGetVersion",
        *(f"cusolverDn{get}{what}" for get in ("Get", "Set") for what in (
            "EmulationSpecialValuesSupport", "FixedPointEmulationMantissaBitOffset",
            "FixedPointEmulationMantissaControl", "FixedPointEmulationMaxMantissaBitCount")),
        *(f"cusolverDnX{op}{size}" for op in (
            "hetrf", "hetrs", "polar", "stedc", "sygvStridedBatched", "sygvd", "sygvdx", "sytrf")
          for size in ("", "_bufferSize")))),
    ("cusparse", "4. CUSPARSE Types References", (
        "CUSPARSE_GENERAL", "CUSPARSE_HERMITIAN", "CUSPARSE_SYMMETRIC", "CUSPARSE_SPGEAM_ALG1",
        "CUSPARSE_SPGEAM_ALG_DEFAULT", "CUSPARSE_SPMAT_STORAGE", "CUSPARSE_SPMAT_SYMMETRY_TYPE",
        "CUSPARSE_SPSV_ALG1", "CUSPARSE_SPSV_ALG2", "CUSPARSE_STORE_FULL", "CUSPARSE_STORE_LOWER",
        "CUSPARSE_STORE_UPPER", "cusparseSpGEAMAlg_t", "cusparseSpGEAMDescr",
        "cusparseSpGEAMDescr_t", "cusparseSpMatStorage_t", "cusparseSymmetryType_t")),
    ("cusparse", "5. CUSPARSE Management Function Reference", (
        "cusparseGetProperty", "cusparseSpGEAM", "cusparseSpGEAM_bufferSize",
        "cusparseSpGEAM_createDescr", "cusparseSpGEAM_destroyDescr", "cusparseSpGEAM_nnz")),
    ("curand", "2. Host API Functions", (
        "curandGenerateBinomial", "curandGenerateBinomialMethod", "curandGeneratePoissonMethod")),
)
EXTRA_ROWS: dict[str, list[dict[str, str]]] = {
    **{family: [{"cuda": name, "section": section} for library, section, names
                in _LIBRARY_NAMES_HIP_LACKS if library == family for name in names]
       for family in ("cusolver", "cusparse")},
    "curand": [
        *({"cuda": name, "section": section} for library, section, names
          in _LIBRARY_NAMES_HIP_LACKS if library == "curand" for name in names),
        # Philox's four 32-bit numbers at once (curand_kernel.h): hipRAND has it by its name
        {"cuda": "curand4", "section": "3. Device API Functions", "hip": "hiprand4",
         "hip_added": "1.5.0", "roc": "rocrand4", "roc_added": "1.5.0"},
    ],
    "driver": [
        # cuda.h's fixed-width integers (cuStreamWaitValue32, cuGetProcAddress take them)
        {"cuda": "cuuint32_t", "section": "1. CUDA Driver Data Types", "hip": "uint32_t",
         "hip_added": "1.5.0"},
        {"cuda": "cuuint64_t", "section": "1. CUDA Driver Data Types", "hip": "uint64_t",
         "hip_added": "1.5.0"},
        # Names CUDA 13's cuda.h declares that no row covers (the host API surface check)
        *({"cuda": name, "section": "1. CUDA Driver Data Types", "cuda_added": "12.0"}
          for name in ("cuCtxRecordEvent", "cuGetExportTable",
                       "cuMipmappedArrayGetSparseProperties")),
        # cuda.h's _v2 functions that its unversioned names are defined to (CUDA 12): HIP's
        # function of the unversioned name; the batch copies' _v2 are CUDA 13's form, which
        # HIP lacks
        *({"cuda": f"{base}_v2", "section": section, "cuda_added": "12.0", "hip": hip,
           "hip_added": added}
          for base, hip, section, added in (
              ("cuGraphAddKernelNode", "hipGraphAddKernelNode", "24. Graph Management", "4.3.0"),
              ("cuGraphExecKernelNodeSetParams", "hipGraphExecKernelNodeSetParams",
               "24. Graph Management", "4.5.0"),
              ("cuGraphKernelNodeGetParams", "hipGraphKernelNodeGetParams",
               "24. Graph Management", "4.5.0"),
              ("cuGraphKernelNodeSetParams", "hipGraphKernelNodeSetParams",
               "24. Graph Management", "4.5.0"),
              ("cuIpcOpenMemHandle", "hipIpcOpenMemHandle", "13. Memory Management", "1.6.0"),
              ("cuGetProcAddress", "hipGetProcAddress", "33. Driver Entry Point Access",
               "6.2.0"))),
        *({"cuda": name, "section": "13. Memory Management", "cuda_added": "13.0"}
          for name in ("cuMemcpyBatchAsync_v2", "cuMemcpy3DBatchAsync_v2")),
        {"cuda": "cuGraphExecUpdate_v2", "section": "24. Graph Management", "cuda_added": "12.0"},
        # cuda.h's versioned names of types the table maps (CUaccessPolicyWindow is a typedef
        # of CUaccessPolicyWindow_v1): the same HIP type
        {"cuda": "CUaccessPolicyWindow_v1", "section": "1. CUDA Driver Data Types",
         "cuda_added": "11.0", "hip": "hipAccessPolicyWindow", "hip_added": "5.2.0"},
        {"cuda": "CUdevResource_v1", "section": "1. CUDA Driver Data Types", "cuda_added": "12.4",
         "hip": "hipDevResource", "hip_added": "7.14.0"},
        # Compressible memory (CUDA 11.0): HIP's allocation properties have no compression.
        *({"cuda": name, "section": "1. CUDA Driver Data Types", "cuda_added": "11.0"}
          for name in ("CUmemAllocationCompType", "CUmemAllocationCompType_enum",
                       "CU_MEM_ALLOCATION_COMP_NONE", "CU_MEM_ALLOCATION_COMP_GENERIC")),
    ],
    "runtime": [
        # The C++ template over cudaLaunchKernelExC; HIP 7 has both.
        {"cuda": "cudaLaunchKernelEx", "section": "7. Execution Control", "cuda_added": "11.8",
         "hip": "hipLaunchKernelEx", "hip_added": "7.0.0"},
        # Names CUDA 13's runtime headers declare that no row covers, found by calling each
        # (the host part of the API surface check): they were left, and failed with no
        # finding. The half channel descriptors HIP 5.2 declares already.
        *({"cuda": f"cudaCreateChannelDesc{kind}", "section": "26. Texture Object Management",
           "hip": f"hipCreateChannelDesc{kind}", "hip_added": "5.2.0"}
          for kind in ("Half", "Half1", "Half2")),
        # HIP 5.2 lacks the 4-channel one, 7.2 has it; the release between is not known here
        {"cuda": "cudaCreateChannelDescHalf4", "section": "26. Texture Object Management",
         "hip": "hipCreateChannelDescHalf4", "hip_added": "6.0.0"},
        *({"cuda": name, "section": section, "cuda_added": added}
          for names, section, added in (
              (("cudaCreateChannelDescNV12",), "26. Texture Object Management", "11.0"),
              (("cudaGetExportTable",), "35. Interactions with the CUDA Driver API", "3.0"),
              (("cudaMipmappedArrayGetSparseProperties",), "10. Memory Management", "11.1"),
              (("cudaLogLevel", "cudaAsyncNotificationType", "cudaAsyncNotificationType_enum",
                "cudaAsyncNotificationTypeOverBudget"), "37. Data types used by CUDA Runtime",
               "12.4"),
              # the device runtime (dynamic parallelism, device graphs): HIP has none
              (("cudaLaunchDevice", "cudaLaunchDeviceV2", "cudaGetCurrentGraphExec",
                "cudaGraphKernelNodeSetEnabled", "cudaGraphKernelNodeSetGridDim",
                "cudaGraphKernelNodeSetParam", "cudaGraphKernelNodeUpdatesApply",
                "cudaGraphSetConditional", "cudaCGGetIntrinsicHandle", "cudaCGGetRank",
                "cudaCGGetSize", "cudaCGSynchronize", "cudaCGSynchronizeGrid",
                "cudaCGScopeReserved"), "7. Execution Control", "12.0"),
          ) for name in names),
    ],
    "device": [
        # Warp-synchronous functions HIP added in 6.2 (amd_warp_sync_functions.h).
        *({"cuda": name, "section": "1. Device Functions", "cuda_added": "9.0" if name ==
           "__syncwarp" else "11.0", "hip": name, "hip_added": "6.2.0"}
          for name in ("__syncwarp", "__reduce_add_sync", "__reduce_min_sync",
                       "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
                       "__reduce_xor_sync")),
        # Tensor-core warp matrices: nvcuda::wmma has no HIP equivalent (rocWMMA differs).
        {"cuda": "nvcuda", "section": "2. Device Types", "cuda_added": "9.0"},
        {"cuda": "wmma", "section": "2. Device Types", "cuda_added": "9.0"},
        # Programmatic dependent launch (sm_90): HIP has none. Taken out where they are
        # statements or calls (engine/rules/dependent_launch.py); any other use is reported.
        *({"cuda": name, "section": "1. Device Functions", "cuda_added": "11.8"}
          for name in ("cudaGridDependencySynchronize", "cudaTriggerProgrammaticLaunchCompletion")),
        # Integer dot products (sm_61): HIP has none under these names (AMD's are builtins).
        *({"cuda": name, "section": "1. Device Functions", "cuda_added": "8.0"}
          for name in ("__dp4a", "__dp2a_lo", "__dp2a_hi")),
        # System-scope atomics HIP does not have (it has atomicAdd_system, atomicCAS_system, ...).
        *({"cuda": name, "section": "1. Device Functions", "cuda_added": "8.0"}
          for name in ("atomicInc_system", "atomicDec_system", "atomicInc_block",
                       "atomicDec_block")),
        # Sleep for about N ns (sm_70): no HIP name, in HIP 5.2 or 7.2 (AMD's is the builtin
        # __builtin_amdgcn_s_sleep, in units of 64 cycles).
        {"cuda": "__nanosleep", "section": "1. Device Functions", "cuda_added": "10.0"},
        # Device functions CUDA 13's headers declare that neither HIP 5.2 nor 7.2 does, found by
        # calling every overload the headers declare and compiling our translation (DEVELOPERS.md,
        # "The device API surface check"): they failed with no finding. Thread block clusters
        # (sm_90), PTX address-space conversions and queries, named barriers, the IEEE fma
        # intrinsics, 128-bit atomics and CUDA 13's fast tanh; only names no project would use
        # for its own (all(), any(), fma(x, y, z, mode) stay out).
        *({"cuda": name, "section": "1. Device Functions", "cuda_added": added}
          for names, added in (
              (("__clusterDim", "__clusterDimIsSpecified", "__clusterGridDimInClusters",
                "__clusterIdx", "__clusterRelativeBlockIdx", "__clusterRelativeBlockRank",
                "__clusterSizeInBlocks", "__cluster_barrier_arrive",
                "__cluster_barrier_arrive_relaxed", "__cluster_barrier_wait",
                "__cluster_map_shared_multicast", "__cluster_map_shared_rank",
                "__cluster_query_shared_rank", "__isClusterShared", "__threadfence_cluster"),
               "11.8"),
              (("__cvta_generic_to_global", "__cvta_generic_to_shared",
                "__cvta_generic_to_constant", "__cvta_generic_to_local",
                "__cvta_global_to_generic", "__cvta_shared_to_generic",
                "__cvta_constant_to_generic", "__cvta_local_to_generic", "__isGlobal",
                "__isShared", "__isConstant", "__isLocal"), "11.0"),
              (("__cvta_generic_to_grid_constant", "__cvta_grid_constant_to_generic",
                "__isGridConstant"), "11.7"),
              (("__isCtaShared",), "12.0"),
              (("__barrier_sync", "__barrier_sync_count", "__uni_sync"), "9.0"),
              (("__fmaf_ieee_rd", "__fmaf_ieee_rn", "__fmaf_ieee_ru", "__fmaf_ieee_rz"), "8.0"),
              (("__u128AtomicCAS", "__u128AtomicCAS_block", "__u128AtomicCAS_system",
                "__u128AtomicExch", "__u128AtomicExch_block", "__u128AtomicExch_system"),
               "13.0"),
              (("__tanhf",), "13.0"),
          ) for name in names),
        # CUDA 13's 4-element vectors of 8-byte elements with a chosen alignment (16 or 32
        # bytes; double4 and its kin are deprecated): HIP has none, and its double4 is
        # aligned to 32, so a 16-aligned one would change every struct and array holding it.
        *({"cuda": f"{prefix}{kind}4_{align}a", "section": section, "cuda_added": "13.0"}
          for kind in ("double", "long", "ulong", "longlong", "ulonglong")
          for align in ("16", "32")
          for prefix, section in (("", "2. Device Types"), ("make_", "1. Device Functions"))),
    ],
}


# hipSPARSE 6.0 made the generic API's descriptor parameters const (hipsparseConst*Descr_t): a
# call fits both signatures (parameter lists compared between ROCm 5.2's and 7.2's hipsparse
# headers), so an "older signature" warning there is noise. Only SpSV_solve changed its
# parameters (it dropped the buffer; see _EXTRA_RULES).
SIGNATURE_CHANGES_THAT_MATTER = {"cusparseSpSV_solve"}


def _caller_visible_change(row: dict[str, str]) -> dict[str, str]:
    if (row["cuda"].startswith("cusparse") and row["hip_changed"] == "6.0.0"
            and row["cuda"] not in SIGNATURE_CHANGES_THAT_MATTER):
        return {**row, "hip_changed": ""}
    return row


def _declared_by_5_2(row: dict[str, str]) -> dict[str, str]:
    if row["hip"] in HIP_DECLARED_BY_5_2 and _version_key(row["hip_added"]) > _version_key(HIP_5_2):
        return {**row, "hip_added": HIP_5_2}
    return row


def _version_key(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".")) if text else ()


def corrected_rows(family: str, rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """The CSV rows with ROW_CORRECTIONS applied and EXTRA_ROWS added."""
    out = [_declared_by_5_2(_caller_visible_change({**row, **ROW_CORRECTIONS.get(row["cuda"], {})}))
           for row in rows]
    known = {row["cuda"] for row in rows}
    blank = dict.fromkeys(rows[0], "") if rows else {}
    for extra in EXTRA_ROWS.get(family, []):
        if extra["cuda"] in known:
            raise SystemExit(f"EXTRA_ROWS: {extra['cuda']} is in {family}.csv now; drop ours")
        out.append({**blank, **extra})
    return out


def argument_rules(reference: Path) -> dict[str, dict[str, object]]:
    """cuda function -> {"args": [...], "overloads": {...}} from argument_rules.csv."""
    out: dict[str, dict[str, object]] = defaultdict(dict)
    for row in read_rows(reference / "argument_rules.csv"):
        name = row["cuda_function"]
        if row["action"] == "overload_by_argument_count":
            overloads = out[name].setdefault("overloads", {})
            assert isinstance(overloads, dict)
            overloads[int(row["argument_index"])] = row["value"]
            continue
        mode = next((m for text, m in MODES.items() if row["note"].endswith(text)), None)
        if mode is None:
            raise SystemExit(f"argument_rules.csv: unknown mode in note for {name}: {row['note']}")
        if (name, row["action"], int(row["argument_index"]), mode) in REPLACED_ARGUMENT_RULES:
            continue
        rule: dict[str, object] = {"action": row["action"], "index": int(row["argument_index"])}
        if row["value"]:
            rule["value"] = row["value"]
        rule["mode"] = mode
        args = out[name].setdefault("args", [])
        assert isinstance(args, list)
        args.append(rule)
    for name, by_count in EXTRA_OVERLOADS.items():
        overloads = out[name].setdefault("overloads", {})
        assert isinstance(overloads, dict)
        overloads.update(by_count)
    for name, typed in TYPED_OVERLOADS.items():
        out[name]["typed_overloads"] = typed
    for name, rules in EXTRA_ARGUMENT_RULES.items():
        if any(r["mode"] == "default" for r in out[name].get("args", [])):  # type: ignore[attr-defined]
            raise SystemExit(f"EXTRA_ARGUMENT_RULES: {name} has rules in the CSV now; drop ours")
        args = out[name].setdefault("args", [])
        assert isinstance(args, list)
        args.extend({**rule, "mode": rule.get("mode", "default")} for rule in rules)
    return out


def closest_miopen(name: str, rows: dict[str, dict[str, str]]) -> str | None:
    """For a cuDNN name with no MIOpen equivalent: a versioned sibling's MIOpen name."""
    base = _SUFFIXES.sub("", name)
    candidates = [base, *(base + s for s in ("_v7", "_v8", "_v3", "_v2", "Ex", "_v4", "_v5", "_v6"))]
    for candidate in candidates:
        row = rows.get(candidate)
        if candidate != name and row is not None and row["roc"]:
            return row["roc"]
    return None


def write_family(out: Path, family: str, reference: Path, rules: dict[str, dict[str, object]],
                 source_note: str) -> set[str]:
    title, column = FAMILIES[family]
    rows = corrected_rows(family, read_rows(reference / f"{family}.csv"))
    by_name = {r["cuda"]: r for r in rows}
    sections = sorted({r["section"] for r in rows}, key=lambda s: (int(s.split(".")[0]), s))
    lines = [
        f"# Generated by scripts/generate_mappings.py from {source_note}/{family}.csv: do not edit.",
        "# Regenerate: python scripts/generate_mappings.py --reference ../shared/reference --out mappings",
        f"family: {family}",
        f"title: {json.dumps(title)}",
    ]
    if column != "hip":
        lines.append(f"default_column: {column}")
    lines.append("sections:")
    lines += [f"  - {json.dumps(s)}" for s in sections]
    lines.append("entries:")
    section_index = {s: i for i, s in enumerate(sections)}
    for row in sorted(rows, key=lambda r: r["cuda"]):
        fields: dict[str, object] = {"section": section_index[row["section"]]}
        fields.update(entry_fields(row))
        extra = rules.get(row["cuda"], {})
        if extra.get("args"):
            fields["args"] = extra["args"]
        if extra.get("overloads"):
            fields["overloads"] = extra["overloads"]
        if extra.get("typed_overloads"):
            fields["typed_overloads"] = extra["typed_overloads"]
        no_target = not row["hip"] and not row["roc"] and not extra.get("overloads")
        if family == "cudnn" and not row["roc"]:
            closest = closest_miopen(row["cuda"], by_name)
            if closest:
                fields["closest"] = closest
        if no_target:
            fields["status"] = "unsupported"
        lines.append(f"  {quote(row['cuda'])}: {_flow_with_section(fields)}")
    (out / f"{family}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return set(by_name)


def _flow_with_section(fields: dict[str, object]) -> str:
    text = flow({k: v for k, v in fields.items() if k != "section"})
    section = f"section: {fields['section']}"
    return "{" + section + (", " + text[1:] if text != "{}" else "}")


def write_headers(out: Path, reference: Path, source_note: str) -> None:
    lines = [
        f"# Generated by scripts/generate_mappings.py from {source_note}/headers.csv plus the",
        "# overrides and additions in the generator (each with its reason): do not edit.",
        "family: headers",
        'title: "CUDA headers"',
        "headers:",
    ]
    seen = set()
    for row in read_rows(reference / "headers.csv"):
        name = row["cuda_header"]
        seen.add(name)
        if name in NOT_CUDA_HEADERS:
            continue
        if name in HIP_LACKS_HEADER:
            fields = {"family": row["family"], "unsupported": True, "note": HIP_LACKS_HEADER[name]}
            lines.append(f"  {json.dumps(name)}: {flow(fields)}")
            continue
        override = HEADER_OVERRIDES.get(name, {})
        hip = override.get("hip", row["hip_header"])
        roc = override.get("roc", row["roc_header"])
        fields: dict[str, object] = {"family": row["family"]}
        if hip:
            fields["hip"] = hip
            if hip in HEADER_HIP_ADDED:
                fields["hip_added"] = HEADER_HIP_ADDED[hip]
            if hip in HEADER_OLDER_SUPPLIED:
                fields["older_supplied"] = True
        else:
            fields["dropped"] = True
        if roc:
            fields["roc"] = roc
        for column, target in (("hip", hip), ("roc", roc)):
            flat = row[f"{column}_header"]
            if flat and target and flat != target:
                fields[f"flat_{column}"] = flat
        if "main" in row["note"] and "CONV_INCLUDE_CUDA_MAIN" in row["note"]:
            fields["main"] = True
        if "UNSUPPORTED" in row["note"]:
            fields["unsupported"] = True
        if row["note"] and "CONV_INCLUDE" not in row["note"]:
            fields["note"] = row["note"]
        lines.append(f"  {json.dumps(name)}: {flow(fields)}")
    for name, family in sorted(EXTRA_DROPPED.items()):
        if name not in seen:
            lines.append(f"  {json.dumps(name)}: {flow({'family': family, 'dropped': True})}")
    for name, (hip, family) in sorted(EXTRA_MAPPED.items()):
        if name not in seen:
            mapped: dict[str, object] = {"family": family, "hip": hip}
            if hip in HEADER_HIP_ADDED:
                mapped["hip_added"] = HEADER_HIP_ADDED[hip]
            if hip in HEADER_OLDER_DROPPED:
                mapped["older_dropped"] = True
            lines.append(f"  {json.dumps(name)}: {flow(mapped)}")
    for name, note in sorted(EXTRA_UNSUPPORTED.items()):
        if name not in seen:
            fields = {"family": HEADER_FAMILIES.get(name, "runtime"), "unsupported": True,
                      "note": note}
            if name in HEADER_DECLARES:
                fields["declares"] = list(HEADER_DECLARES[name])
            lines.append(f"  {json.dumps(name)}: {flow(fields)}")
    lines.append("header_patterns:")
    for pattern in HEADER_PATTERNS:
        lines.append(f"  - {flow(pattern)}")
    (out / "headers.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=Path("../shared/reference"))
    parser.add_argument("--out", type=Path, default=Path("mappings"))
    args = parser.parse_args(argv)
    reference: Path = args.reference
    if not (reference / "runtime.csv").exists():
        print(f"no reference CSVs in {reference}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    rules = argument_rules(reference)
    known: set[str] = set()
    for family in FAMILIES:
        known |= write_family(args.out, family, reference, rules, "shared/reference")
    missing = sorted(set(rules) - known)
    if missing:
        print(f"argument rules for unknown functions: {missing}", file=sys.stderr)
        return 1
    unknown_notes = sorted((set(SEMANTIC_NOTES) | set(BEHAVIOUR_NOTES)) - known)
    if unknown_notes:
        print(f"semantic notes for unknown names: {unknown_notes}", file=sys.stderr)
        return 1
    write_headers(args.out, reference, "shared/reference")
    print(f"wrote {len(FAMILIES) + 1} files to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
