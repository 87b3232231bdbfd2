"""The YAML tables against the reference CSVs they are generated from: every row of every
family is present with the same names, versions and flags, and nothing else is.

The comparison is written independently of scripts/generate_mappings.py (it reads the CSVs
itself), so a hand-edited or stale YAML row fails here. Skipped, visibly, where the reference
folder is absent (it lives beside the repository, not in it).
"""

from __future__ import annotations

import csv
import os
import shutil
from pathlib import Path

import pytest

from hipify_py.tables.mapping_model import MappingTable
from hipify_py.tables.mappings import build_table, builtin_files
from script_modules import load_script

# Rows the generator leaves out on purpose (see NOT_CUDA_HEADERS there): cuda-samples' own
# helpers, which a project ships in its tree. Written out again here, not imported.
NOT_CUDA_HEADERS = {"helper_cuda.h", "helper_math.h"}
HIP_LACKS_HEADER = {"cooperative_groups/reduce.h", "cooperative_groups/scan.h"}
# Rows the generator corrects on purpose (ROW_CORRECTIONS there, each with its reason), and
# names it adds (EXTRA_ROWS): written out again, so an accidental change still shows.
CORRECTED = {
    "CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO": {
        "hip": "HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST", "hip_added": "6.0.0"},
    "nv_bfloat16": {"hip": "__hip_bfloat16", "hip_added": "5.7.0"},
    "nv_bfloat162": {"hip": "__hip_bfloat162", "hip_added": "5.7.0"},
    "__float2bfloat16_rn": {"hip": "__float2bfloat16", "hip_added": "5.7.0"},
    "cublasGetStatusString": {"hip": "hipblasStatusToString", "hip_added": "5.1.0"},
    "cublasSgemmEx": {"hip": "hipblasGemmEx", "hip_added": "6.0.0", "hip_changed": "7.0.0"},
    "cublasSgemmEx_64": {"hip": "hipblasGemmEx_64", "hip_added": "6.3.0", "hip_changed": "7.0.0"},
    "__trap": {"hip": "__builtin_trap", "hip_added": "1.6.0"},
    "cudaMemPrefetchAsync_v2": {"hip": "hipMemPrefetchAsync_v2", "hip_added": "7.2.0"},
    "cudaMemAdvise_v2": {"hip": "hipMemAdvise_v2", "hip_added": "7.2.0"},
    "cuMemPrefetchAsync_v2": {"hip": "hipMemPrefetchAsync_v2", "hip_added": "7.2.0"},
    "cuMemAdvise_v2": {"hip": "hipMemAdvise_v2", "hip_added": "7.2.0"},
    "cudaDevAttrMaxBlocksPerMultiprocessor": {"hip": "hipDeviceAttributeMaxBlocksPerMultiProcessor"},
    "CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR": {
        "hip": "hipDeviceAttributeMaxBlocksPerMultiProcessor"},
    "CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID": {
        "hip": "hipDeviceAttributeMultiGpuBoardGroupID"},
    "cudaDevAttrPciDomainId": {"hip_added": "7.2.0"},
    "CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID": {"hip_added": "7.2.0"},
    "CUBLAS_GEMM_DEFAULT_TENSOR_OP": {"hip": "HIPBLAS_GEMM_DEFAULT", "hip_added": "1.8.2"},
    "CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED": {
        "hip": "hipDeviceAttributeVirtualMemoryManagementSupported", "hip_added": "5.3.0"},
    **{name: {"hip": name, "hip_added": "7.2.0"} for name in (
        "__hadd2_rn", "__hadd_rn", "__hmul2_rn", "__hmul_rn", "__hsub2_rn", "__hsub_rn",
        "__int2bfloat16_rn")},
    "CUSPARSE_ORDER_COL": {"roc": "rocsparse_order_column"},
    # Unsupported in the reference, declared by HIP under the obvious name
    # (scripts/declared_but_unsupported.py; the reasons are in the generator).
    **{f"cudaGraphicsMapFlags{n}": {"hip": f"hipGraphicsRegisterFlags{n}", "hip_added": "4.4.0"}
       for n in ("", "None", "ReadOnly", "WriteDiscard")},
    **{f"CU_GRAPHICS_MAP_RESOURCE_FLAGS_{c}": {"hip": f"hipGraphicsRegisterFlags{n}",
                                               "hip_added": "4.4.0"}
       for c, n in (("NONE", "None"), ("READ_ONLY", "ReadOnly"),
                    ("WRITE_DISCARD", "WriteDiscard"))},
    "cudaGraphicsResource": {"hip": "_hipGraphicsResource"},
    "CUgraphicsResource_st": {"hip": "_hipGraphicsResource"},
    "cudaGLSetGLDevice": {"hip": "hipSetDevice", "hip_added": "1.6.0"},
    "cudaStreamGetDevice": {"hip": "hipStreamGetDevice", "hip_added": "5.6.0"},
    "cuStreamGetDevice": {"hip": "hipStreamGetDevice", "hip_added": "5.6.0"},
    "cuMemcpy": {"hip": "hipMemcpy", "hip_added": "1.6.0"},
    "cuMemcpyAsync": {"hip": "hipMemcpyAsync", "hip_added": "1.6.0"},
    "cudaEventWaitDefault": {"hip": "hipEventWaitDefault", "hip_added": "7.2.0"},
    "cudaEventWaitExternal": {"hip": "hipEventWaitExternal", "hip_added": "7.2.0"},
    "cudaExternalMemoryGetMappedMipmappedArray": {
        "hip": "hipExternalMemoryGetMappedMipmappedArray", "hip_added": "6.0.0"},
    "cudaExternalMemoryMipmappedArrayDesc": {"hip": "hipExternalMemoryMipmappedArrayDesc",
                                             "hip_added": "6.0.0"},
    "cudaJit_CacheMode": {"hip": "hipJitCacheMode", "hip_added": "7.2.0"},
    **{f"cudaJitCacheOption{n}": {"hip": f"hipJitCacheOption{n}", "hip_added": "7.2.0"}
       for n in ("None", "CG", "CA")},
    "cusparseSideMode_t": {"hip": "hipsparseSideMode_t", "hip_added": "5.2.0"},
    "CUSPARSE_SIDE_LEFT": {"hip": "HIPSPARSE_SIDE_LEFT", "hip_added": "5.2.0"},
    "CUSPARSE_SIDE_RIGHT": {"hip": "HIPSPARSE_SIDE_RIGHT", "hip_added": "5.2.0"},
    "cufftXtSetDistribution": {"hip": "hipfftXtSetDistribution", "hip_added": "7.2.0",
                               "hip_experimental": "1"},
    "CUB_IGNORE_DEPRECATED_API": {"hip": "CUB_IGNORE_DEPRECATED_API", "hip_added": "7.2.0"},
    "cudaDevAttrGpuOverlap": {"hip": "hipDeviceAttributeDeviceOverlap"},
    "CU_DEVICE_ATTRIBUTE_GPU_OVERLAP": {"hip": "hipDeviceAttributeDeviceOverlap"},
    "CUSPARSE_ORDER_ROW": {"roc": "rocsparse_order_row"},
    # HIP_DECLARED_BY_5_2: the JIT options HIP 5.2 declares, dated 6.4 by the reference
    **{name: {"hip_added": "5.2.0"} for name in (
        *(f"cudaJit{n}" for n in (
            "CacheMode", "ErrorLogBuffer", "ErrorLogBufferSizeBytes", "FallbackStrategy",
            "GenerateDebugInfo", "GenerateLineInfo", "InfoLogBuffer", "InfoLogBufferSizeBytes",
            "LogVerbose", "MaxRegisters", "OptimizationLevel", "ThreadsPerBlock", "WallTime")),
        *(f"CU_JIT_{n}" for n in (
            "CACHE_MODE", "ERROR_LOG_BUFFER", "ERROR_LOG_BUFFER_SIZE_BYTES", "FALLBACK_STRATEGY",
            "FAST_COMPILE", "GENERATE_DEBUG_INFO", "GENERATE_LINE_INFO", "INFO_LOG_BUFFER",
            "INFO_LOG_BUFFER_SIZE_BYTES", "LOG_VERBOSE", "MAX_REGISTERS", "NEW_SM3X_OPT",
            "NUM_OPTIONS", "OPTIMIZATION_LEVEL", "TARGET", "TARGET_FROM_CUCONTEXT",
            "THREADS_PER_BLOCK", "WALL_TIME")))},
    **{name: {"hip": name[-3:], "hip_added": "1.6.0"}
       for name in ("umin", "umax", "llmin", "llmax", "ullmin", "ullmax")},
    # CUDA 12's one-result graph update, which HIP lacks
    **{name: {"cuda_changed": "12.0",
              "hip_unsupported": " ".join([f"12.{m}" for m in range(10)] + ["13.0"])}
       for name in ("cudaGraphExecUpdate", "cuGraphExecUpdate")},
}
# Names the generator adds to the reference's rows (its EXTRA_ROWS: found in real code, or by
# the device API surface check), each with its reason there.
ADDED = {row["cuda"] for rows in load_script("generate_mappings").EXTRA_ROWS.values()
         for row in rows}

REFERENCE = Path(os.environ.get("HIPIFY_PY_REFERENCE",
                                Path(__file__).resolve().parents[2] / "shared" / "reference"))
FAMILIES = ("runtime", "driver", "device", "rtc", "cub", "cufft", "cucomplex", "cublas", "curand",
            "cusolver", "cusparse", "cudnn", "cutensor", "cusparselt", "cufile")
VERSIONS = ("cuda_added", "cuda_deprecated", "cuda_changed", "cuda_removed", "hip_added",
            "hip_deprecated", "hip_changed", "hip_removed", "roc_added", "roc_deprecated",
            "roc_changed", "roc_removed")
# Hand-written tables that have no CSV (documented in their own files).
HAND_WRITTEN_FAMILIES = {"feature_macros", "nvml", "nvtx"}

pytestmark = pytest.mark.skipif(not REFERENCE.is_dir(),
                                reason=f"reference CSVs not found at {REFERENCE}")


def _rows(name: str) -> list[dict[str, str]]:
    with (REFERENCE / f"{name}.csv").open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def compare(table: MappingTable) -> list[str]:
    """Every difference between the table and the reference, as readable lines."""
    problems: list[str] = []
    # A few names sit in two CSVs (CUstream_st in runtime and driver); the table has one entry,
    # which must be one of those rows exactly.
    rows_by_name: dict[str, list[tuple[str, dict[str, str]]]] = {}
    for family in FAMILIES:
        for row in _rows(family):
            rows_by_name.setdefault(row["cuda"], []).append((family, row))
    seen = set(rows_by_name)
    for name, candidates in rows_by_name.items():
        entry = table.entries.get(name)
        if entry is None:
            problems.append(f"{candidates[0][0]}: {name} missing")
            continue
        differences = [_differences(entry, family, row) for family, row in candidates]
        if all(differences):
            problems.extend(min(differences, key=len))
    for name, entry in table.entries.items():
        if name not in seen and name not in ADDED and entry.family not in HAND_WRITTEN_FAMILIES:
            problems.append(f"{entry.family}: {name} is not in the reference")
    problems.extend(_argument_and_header_problems(table))
    return problems


# hipSPARSE 6.0's const-only signature changes are dropped (SIGNATURE_CHANGES_THAT_MATTER there).
CALLER_VISIBLE_CHANGES = {"cusparseSpSV_solve"}


def _differences(entry: object, family: str, row: dict[str, str]) -> list[str]:
    name = row["cuda"]
    row = {**row, **CORRECTED.get(name, {})}
    if family == "cusparse" and row["hip_changed"] == "6.0.0" and name not in CALLER_VISIBLE_CHANGES:
        row = {**row, "hip_changed": ""}
    problems: list[str] = []
    expected = {
        "family": family, "hip": row["hip"] or None, "roc": row["roc"] or None,
        **{v: row[v] or None for v in VERSIONS},
        "hip_experimental": bool(row["hip_experimental"]),
        "roc_experimental": bool(row["roc_experimental"]),
        "hip_unsupported_cuda": tuple(row["hip_unsupported"].split()),
    }
    for field, value in expected.items():
        if getattr(entry, field) != value:
            problems.append(f"{family}: {name}.{field} is {getattr(entry, field)!r}, "
                            f"reference says {value!r}")
    return problems


# Argument rules the generator drops on purpose (REPLACED_ARGUMENT_RULES there, with reasons).
DROPPED_RULES = {("cudaGetDriverEntryPoint", "add_const_argument", "2"),
                 ("cudaMallocHost", "add_const_argument", "3")}


def _argument_and_header_problems(table: MappingTable) -> list[str]:
    problems: list[str] = []
    for row in _rows("argument_rules"):
        if (row["cuda_function"], row["action"], row["argument_index"]) in DROPPED_RULES:
            continue
        entry = table.entries.get(row["cuda_function"])
        if entry is None:
            problems.append(f"argument_rules: {row['cuda_function']} has no entry")
        elif row["action"] == "overload_by_argument_count":
            if (int(row["argument_index"]), row["value"]) not in entry.overloads:
                problems.append(f"argument_rules: {entry.cuda} lacks overload {row['value']}")
        elif not any(r.action.value == row["action"] and r.index == int(row["argument_index"])
                     and r.value == row["value"] for r in entry.args):
            problems.append(f"argument_rules: {entry.cuda} lacks {row['action']} "
                            f"#{row['argument_index']} {row['value']!r}")
    for row in _rows("headers"):
        header = table.headers.get(row["cuda_header"])
        if row["cuda_header"] in HIP_LACKS_HEADER:
            if header is None or not header.unsupported:
                problems.append(f"headers: {row['cuda_header']} should be reported (HIP lacks it)")
            continue
        if row["cuda_header"] in NOT_CUDA_HEADERS:
            if header is not None:
                problems.append(f"headers: {row['cuda_header']} is a project's header, not CUDA's")
            continue
        if header is None:
            problems.append(f"headers: {row['cuda_header']} missing")
        elif not row["hip_header"] and not header.dropped and header.hip is None:
            problems.append(f"headers: {row['cuda_header']} should be dropped")
        elif row["hip_header"] and header.hip is None:
            problems.append(f"headers: {row['cuda_header']} lost its HIP header")
    return problems


@pytest.fixture(scope="module")
def builtin_table() -> MappingTable:
    files = builtin_files()
    return build_table([(p, p.read_bytes()) for p in files])


def test_every_reference_row_is_in_the_tables(builtin_table: MappingTable) -> None:
    problems = compare(builtin_table)
    assert not problems, f"{len(problems)} differences, e.g.:\n" + "\n".join(problems[:40])


def test_every_status_is_represented(builtin_table: MappingTable) -> None:
    statuses = {e.status.value for e in builtin_table.entries.values()}
    assert statuses == {"supported", "unsupported", "deprecated", "removed", "experimental"}


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("cudaMalloc: {section: 9, hip: hipMalloc,", "cudaMalloc: {section: 9, hip: hipMallocX,",
         "cudaMalloc.hip"),
        ("hip_added: \"1.5.0\"", "hip_added: \"9.9.9\"", "hip_added"),
    ],
)
def test_a_hand_edited_row_is_caught(tmp_path: Path, old: str, new: str, expected: str) -> None:
    folder = tmp_path / "mappings"
    shutil.copytree(builtin_files()[0].parent, folder)
    runtime = folder / "runtime.yaml"
    text = runtime.read_text()
    assert old in text, f"fixture text {old!r} not found in runtime.yaml"
    runtime.write_text(text.replace(old, new, 1))
    table = build_table([(p, p.read_bytes()) for p in sorted(folder.glob("*.yaml"))])
    problems = compare(table)
    assert any(expected in p for p in problems), problems[:5]
