"""Issue 29, "each supplied function proven": every supplied implementation (mappings/supplied*.yaml)
with a `proof` has a GPU comparison against CUDA's own (NVML's own for the NVML functions) in
tests/data/supplied_proofs.json, made from exactly its current code (sha256; a host function's
with everything it needs), over at least the inputs its method promises, with no mismatch; and
all of that code (with what it needs) compiles with hipcc 5.2 and 7.2 and with nvcc through
HIP's NVIDIA platform (each skipped, visibly, where that compiler is absent).

Re-prove after any edit: scripts/prove_supplied.py bundle, run on the GPU, record.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]


prove = load_script("prove_supplied")
ENTRIES = prove.load_supplied()
PROVEN = sorted(n for n, e in ENTRIES.items() if e.proof)
RECORDS = json.loads(prove.RECORD.read_text(encoding="utf-8"))["proofs"] if prove.RECORD.is_file() else {}
ISSUE_RANDOM_FLOOR = 10**6  # issue 29: at least 10^6 random inputs where exhaustion is not feasible


def test_there_is_something_to_prove() -> None:
    assert len(PROVEN) >= 150  # CUDA 13's SIMD intrinsics and the half functions HIP lacks


# cuda_fp16.h functions some HIP lacks (__hmax2/__hmin2 for half2: every HIP), each supplied
HALF = {"__hmax2", "__hmin2", "__hmax2_nan", "__hmin2_nan", "__hmax", "__hmin", "__hmax_nan",
        "__hmin_nan", "__hadd_rn", "__hsub_rn", "__hmul_rn", "__hadd2_rn", "__hsub2_rn",
        "__hmul2_rn", "__hcmadd", "__hfma_relu", "__hfma2_relu", "__double2half",
        "__half2char_rz", "__half2uchar_rz",
        *(f"__h{op}{u}2_mask" for op in ("eq", "ne", "lt", "le", "gt", "ge") for u in ("", "u"))}


def test_the_half_functions_hip_lacks_are_supplied_and_proven() -> None:
    assert sorted(HALF - set(PROVEN)) == []
    # HIP declares __hmax2/__hmin2 for bfloat16 only: ours are templates for __half2 alone
    for name in ("__hmax2", "__hmin2"):
        assert ENTRIES[name].hip_added is None
        assert prove._SAME_TYPE.findall(ENTRIES[name].code) == [("H", "__half2")]
    # atomicAdd on a half is supplied where a rule sees a half argument (no note on every
    # atomicAdd), and proven at both positions in its word; htanh is not (not correctly rounded)
    assert ENTRIES["atomicAdd"].proof == "atomic"
    assert [(phase, pos) for phase, pos, _ in prove.launches(ENTRIES["atomicAdd"], 10**8)] == [
        ("LANE16", 0), ("LANE16", 1), ("RANDOM_HALF", 0)]
    assert not {"htanh", "h2tanh"} & set(ENTRIES)


@pytest.mark.parametrize("name", PROVEN)
def test_proven_against_cuda_on_the_gpu(name: str) -> None:
    entry = ENTRIES[name]
    record = RECORDS.get(name)
    assert record is not None, f"{name} has no proof on record: run scripts/prove_supplied.py"
    assert record["sha256"] == prove.proof_digest(ENTRIES, name), (
        f"{name}'s code changed since it was proven on {record['date']}: prove it again")
    assert record["method"] == entry.proof
    assert record["mismatches"] == 0, f"{name} differs from CUDA's: {record.get('first_mismatch')}"
    assert record["inputs"] >= prove.promised_inputs(entry, ISSUE_RANDOM_FLOOR)
    assert record["device"] and record["date"]
    if entry.proof == "nvml_peak":  # NVML's current clock beside ours, the peak: both kept
        assert record["values"] and all("NVML" in v and "ours" in v for v in record["values"])


def _entry(name: str, proof: str, code: str) -> object:
    return prove.Supplied(name, code, "test.yaml", proof)


def test_half_arguments_are_swept_lane_by_lane() -> None:
    """A half2 function gets every value pair in each of its two lanes, a half function in its
    one, a one-argument half function every half value; a template constrained to __half2 is
    read as taking __half2; a double gets the midpoints between halves, then random doubles."""
    half2 = _entry("f2", "lanes16", "template <typename H, typename std::enable_if<std::is_same<"
                   "H, __half2>::value, int>::type = 0>\n__device__ inline __half2 f2(H a, H b) {}")
    assert prove.signature(half2) == ("__half2", [prove.Param("__half2", "a"),
                                                  prove.Param("__half2", "b")])
    assert prove.launches(half2, 10) == [("LANE16", 0, 1 << 32), ("LANE16", 1, 1 << 32),
                                         ("RANDOM_HALF", 0, 10)]
    half = _entry("f", "lanes16", "__device__ inline __half f(const __half a, __half b) {}")
    assert prove.launches(half, 10) == [("LANE16", 0, 1 << 32), ("RANDOM_HALF", 0, 10)]
    one = _entry("g", "lanes16", "__device__ inline signed char g(__half h) {}")
    assert prove.launches(one, 10) == [("ALL16", 0, 1 << 16)]
    fma = _entry("h", "random", "__device__ inline __half h(__half a, __half b, __half c) {}")
    assert prove.launches(fma, 10) == [("RANDOM_HALF", 0, 10)]
    wide = _entry("d", "random", "__host__ __device__ inline __half d(double a) {}")
    assert prove.launches(wide, 10) == [("TIES_DOUBLE", 0, 1 << 18), ("RANDOM_DOUBLE", 0, 10)]
    with pytest.raises(ValueError, match="lanes16"):
        prove.launches(_entry("f", "lanes8", half.code), 10)
    # the adapter: a double takes two words; halves are compared as their bits
    adapter = prove._adapter(0, wide)
    assert "hp_bits(::d(hp_double(a, b)))" in adapter and "(void)c;" in adapter
    assert "hp_bits(hipify_py_supplied::f2(hp_half2(a), hp_half2(b)))" in prove._adapter(1, half2)


def test_the_negative_controls_are_met_only_where_planted() -> None:
    """Each control's planted pair, reported as the first mismatch of its sweep, is accepted;
    the same pair in another lane, or another pair, is not."""
    assert [c.phase for c in prove.CONTROLS] == ["LANE8", "LANE16"]
    half2 = next(c for c in prove.CONTROLS if c.name == "(control half2)")
    a, b = half2.planted
    good = {"first_mismatch": {"phase": "lane16", "pos": 1, "a": f"{a << 16 | 0x1234:#010x}",
                               "b": f"{b << 16 | 0x4321:#010x}"}}
    assert half2.found(good)
    low = {"first_mismatch": {"phase": "lane16", "pos": 0, "a": f"{a:#010x}", "b": f"{b:#010x}"}}
    assert not half2.found(low)
    assert not half2.found({"first_mismatch": {**good["first_mismatch"], "b": "0x00004321"}})
    assert not half2.found({"mismatches": 0})
    assert "::__hmax2(hp_half2(a), hp_half2(b))" in half2.source()


def test_the_atomic_control_is_met_only_by_a_lost_negative_zero() -> None:
    """The atomic proof's control plants HIP 7.2's unsafeAtomicAdd(__half*) defect: a -0 in the
    half the add did not touch comes back +0. Only such a first mismatch meets it."""
    control = prove.ATOMIC_CONTROL
    hit = {"phase": "lane16", "pos": 0, "a": "0x80003c00", "b": "0x12343c00"}
    assert control.found({"first_mismatch": hit})
    assert not control.found({"first_mismatch": {**hit, "a": "0x00003c00"}})
    assert not control.found({"first_mismatch": {**hit, "phase": "random_half"}})
    assert not control.found({"mismatches": 0})
    assert "0x8000u" in control.source() and control.source().count("::atomicAdd(") == 4


def test_no_record_is_left_without_its_entry() -> None:
    assert sorted(set(RECORDS) - set(PROVEN)) == []


def test_entries_with_a_proof_are_well_formed() -> None:
    order = prove.in_dependency_order(ENTRIES)  # raises on a cycle or an unknown need
    assert {e.name for e in order} == set(ENTRIES)
    for entry in (e for e in ENTRIES.values() if e.proof):
        if entry.host:  # a host function: the host program knows how to compare it
            assert entry.name in prove.HOST_TALLIES, entry.name
            assert "__device__" not in entry.code, entry.name
            continue
        if entry.proof == "functor":  # a libcu++ function object: a class template, no signature
            assert re.search(rf"\bstruct {entry.name}\b", entry.code), entry.name
            assert "operator()" in entry.code and "__device__" in entry.code, entry.name
            continue
        if entry.proof == "atomic_scope":  # an atomic of another scope, on the types it takes
            assert prove.scope_types(entry) and "__device__ inline" in entry.code, entry.name
            continue
        if entry.proof == "atomic":  # an atomic on a half and a half2: its own adapter
            assert len(re.findall(rf"\n{entry.name}\(H\* address", entry.code)) == 2
            continue
        first = entry.code.split("(")[0]
        assert "__device__" in first and "inline" in first and "static" not in first, entry.name
        prove.signature(entry)  # raises unless the code defines the name with provable types
        called = {w for w in re.findall(r"\b(\w+)\s*\(", entry.code) if w in ENTRIES}
        assert called - {entry.name} == set(entry.needs), f"{entry.name}: needs {sorted(called)}"
        if entry.hip_added is not None:
            assert re.fullmatch(r"\d+\.\d+\.\d+", entry.hip_added), entry.name


def test_every_simd_intrinsic_of_cuda_is_supplied() -> None:
    header = Path("/usr/local/cuda/include/crt/device_functions.h")
    if not header.is_file():
        pytest.skip(f"no CUDA headers at {header}")
    declared = set(re.findall(r"\b(__v\w+)\s*\(", header.read_text(encoding="utf-8")))
    assert sorted(declared - set(ENTRIES)) == []


# --- HIP's own: hip_added against the headers -------------------------------------------------

HEADERS = {  # HIP's folder and clang's HIP wrappers (device functions live partly there)
    "5.2": [Path("/usr/include/hip"), *Path("/usr/lib").glob("llvm-*/lib/clang/*/include")],
    "7.2": [Path("/srv/rocm7/usr/include/hip"),
            *Path("/srv/rocm7/usr/lib").glob("llvm-*/lib/clang/*/include")],
}


def _hip_declares(release: str, names: set[str]) -> set[str]:
    found: set[str] = set()
    for folder in HEADERS[release]:
        headers = folder.rglob("*.h") if folder.name == "hip" else folder.glob("__clang_hip*.h")
        for header in headers:
            text = header.read_text(encoding="utf-8", errors="replace")
            found.update(n for n in re.findall(r"\b(\w+)\s*\(", text) if n in names)
    return found


@pytest.mark.parametrize("release", sorted(HEADERS))
def test_hip_added_of_the_proven_matches_the_headers(release: str) -> None:
    """A function HIP declares needs its hip_added (else `using` clashes with HIP's own), and
    a hip_added must name a HIP that has it."""
    if not (HEADERS[release][0] / "hip_runtime.h").is_file():
        pytest.skip(f"HIP {release} headers not installed at {HEADERS[release][0]}")
    # A template constrained to its type (std::is_same) beside HIP's overloads for other types
    # (HIP 7.2's bfloat16-only __hmax2): HIP may declare the name; it must not have hip_added.
    beside = {n for n in PROVEN if prove._SAME_TYPE.search(ENTRIES[n].code)}
    assert sorted(n for n in beside if ENTRIES[n].hip_added) == []
    declared = _hip_declares(release, set(PROVEN)) - beside
    expected = {n for n in PROVEN
                if ENTRIES[n].hip_added and _key(ENTRIES[n].hip_added) <= _key(release)}
    assert sorted(declared ^ expected) == []


def _key(version: str) -> tuple[int, ...]:
    """A version to compare: "7.2" is "7.2.0"."""
    return (*(int(p) for p in version.split(".")), 0, 0)[:3]


# --- compiled by every toolchain --------------------------------------------------------------

# What the harness makes half arguments of (scripts/prove_supplied.py's hp_half, ...), here
# from the kernel's words, and its results' bits.
_HALF_ARGUMENTS = """__device__ inline __half hp_half(unsigned int w) {
  return __ushort_as_half(static_cast<unsigned short>(w & 0xffffu));
}
__device__ inline __half2 hp_half2(unsigned int w) {
  return __halves2half2(hp_half(w), hp_half(w >> 16));
}
__device__ inline double hp_double(unsigned int lo, unsigned int hi) {
  return static_cast<double>(lo) * static_cast<double>(hi);
}
__device__ inline unsigned long long hp_bits(__half r) { return __half_as_ushort(r); }
__device__ inline unsigned long long hp_bits(__half2 r) {
  return hp_bits(__low2half(r)) | (hp_bits(__high2half(r)) << 16);
}
"""


def _use_all(qualify: str) -> str:
    """A kernel that calls every supplied function once."""
    lines = [_HALF_ARGUMENTS,
             "__global__ void use_all(const unsigned int* in, unsigned int* out) {",
             "  unsigned int a = in[0], b = in[1], c = in[2];", "  bool p = false, q = false;"]
    for i, entry in enumerate(e for e in prove.proven_closure(ENTRIES) if e.proof):
        if entry.proof == "functor":  # both forms: typed, and untyped on an int and a float
            f = f"{qualify}{entry.name}"
            lines.append(f"  out[{i}] = __float_as_uint({f}<float>{{}}(__uint_as_float(a), "
                         f"__uint_as_float(b))) ^ __float_as_uint({f}<>{{}}((int)c, 1.0f));")
            continue
        if entry.proof == "atomic_scope":  # on each type it is proven on, in the output array
            f = f"{qualify}{entry.name}"
            extra = ", 0" if entry.name.startswith("atomicCAS") else ""
            calls = [f"static_cast<unsigned int>({f}(reinterpret_cast<{t}*>(out + 4), "
                     f"static_cast<{t}>(a){extra}))" for t in prove.scope_types(entry)
                     if t != "long long"]  # HIP 5.2 has no atomicMin/Max on it (7.2 has)
            lines.append(f"  out[{i}] = {' ^ '.join(calls)};")
            continue
        if entry.proof == "atomic":  # on a half and on a half2, in the output array
            f = f"{qualify}{entry.name}"
            lines.append(f"  out[{i}] = hp_bits({f}(reinterpret_cast<__half*>(out) + 1, "
                         f"hp_half(a))) ^ static_cast<unsigned int>(hp_bits({f}("
                         f"reinterpret_cast<__half2*>(out), hp_half2(b))));")
            continue
        result, params = prove.signature(entry)
        words = list("abc")
        preds = iter("pq")
        args = [f"&{next(preds)}" if p.type == "bool*" else prove.argument(p, words)
                for p in params]
        prefix = f"{prove.NAMESPACE}::" if entry.helper else qualify  # no `using` for helpers
        call = prove.result_bits(result, f"{prefix}{entry.name}({', '.join(args)})")
        lines.append(f"  out[{i}] = static_cast<unsigned int>({call});")
    lines += ["  out[0] ^= p ^ q;", "}"]
    return "\n".join(lines) + "\n"


def _source(platform: str, release: str | None = None) -> str:
    ordered = prove.proven_closure(ENTRIES)
    text = ("#include <hip/hip_runtime.h>\n#include <hip/hip_fp16.h>\n"
            + prove.include_lines(ordered) + "\n" + prove.namespace_source(ordered) + "\n")
    if platform == "amd":  # as the generated header: ours where the HIP in use lacks one
        assert release is not None
        text += "".join(f"using {prove.NAMESPACE}::{e.name};\n" for e in ordered if not e.helper
                        and (not e.hip_added or _key(e.hip_added) > _key(release)))
        return text + _use_all("")
    return text + _use_all(f"{prove.NAMESPACE}::")  # NVIDIA: CUDA's own keep their names


# A diagnostic on a line of ours (clang/gcc "f:12:5: warning", nvcc's front end "f(12): warning");
# HIP's own headers warn under nvcc 13, which is not ours to fix.
_OUR_WARNING = re.compile(r"supplied\.hip(?::\d+:\d+|\(\d+\)):\s*(?:warning|error)")
_HIPCC = {"5.2": ("/usr/bin/hipcc", "gfx90a"), "7.2": ("/srv/rocm7/.bin/hipcc", "gfx942")}


@pytest.mark.parametrize("release", sorted(_HIPCC))
def test_supplied_code_compiles_with_hipcc(release: str, tmp_path: Path) -> None:
    hipcc, arch = _HIPCC[release]
    if shutil.which(hipcc) is None:
        pytest.skip(f"no hipcc for HIP {release} here ({hipcc})")
    (tmp_path / "supplied.hip").write_text(_source("amd", release), encoding="utf-8")
    # cwd=tmp_path: ROCm 7.2's wrapper runs hipcc in a chroot that sees the current folder.
    proc = subprocess.run([hipcc, f"--offload-arch={arch}", "-std=c++17", "-Wall", "-c",
                           "supplied.hip", "-o", "supplied.o"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, env=dict(os.environ, HIP_PLATFORM="amd"),
                          check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert not _OUR_WARNING.search(proc.stderr), proc.stderr[-4000:]


@pytest.fixture(scope="module")
def hip_nv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """HIP's NVIDIA platform headers patched for CUDA 13 (../shared/tools/hip-nvidia)."""
    if not prove.MAKE_INCLUDE.is_file():
        pytest.skip(f"no {prove.MAKE_INCLUDE}")
    if not Path("/usr/include/hip/nvidia_detail").is_dir():
        pytest.skip("HIP's NVIDIA layer (libamdhip64-dev) is not installed")
    out = tmp_path_factory.mktemp("hip-nv")
    subprocess.run(["bash", str(prove.MAKE_INCLUDE), str(out)], check=True, capture_output=True,
                   timeout=300)
    return out


def test_supplied_code_compiles_with_nvcc(hip_nv: Path, tmp_path: Path) -> None:
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.access(nvcc, os.X_OK):
        pytest.skip("no nvcc here")
    source = tmp_path / "supplied.hip"
    source.write_text(_source("nvidia"), encoding="utf-8")
    proc = subprocess.run([nvcc, *prove.NVCC_FLAGS, "-I", str(hip_nv), "-c", str(source), "-o",
                           str(tmp_path / "supplied.o")], capture_output=True, text=True,
                          timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert not _OUR_WARNING.search(proc.stderr), proc.stderr[-4000:]


# --- the host program: NVML's own and CUDA's occupancy calculator against ours ---------------

NVML_H = prove.NVML_INCLUDE / "nvml.h"


def test_host_program_compiles_and_our_nvml_values_are_nvmls(hip_nv: Path, tmp_path: Path) -> None:
    """prove_host.cpp compiles through HIP's NVIDIA platform with nvml.h (the nvidia-nvml-dev
    wheel): its static_asserts compare every supplied NVML enumerator and constant with NVML's."""
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.access(nvcc, os.X_OK):
        pytest.skip("no nvcc here")
    if not NVML_H.is_file():
        pytest.skip(f"no {NVML_H} (pip install --no-deps --target /tmp/handhip/nvml "
                    "nvidia-nvml-dev)")
    source = tmp_path / prove.HOST_PROGRAM
    source.write_text(prove.host_program(ENTRIES), encoding="utf-8")
    assert source.read_text().count("static_assert(") == sum(
        n.startswith("HIPIFY_PY_NVML_") for n in ENTRIES)
    proc = subprocess.run([nvcc, *prove.NVCC_FLAGS, "-I", str(hip_nv), "-I", str(NVML_H.parent),
                           "-c", str(source), "-o", str(tmp_path / "host.o")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]


def test_a_host_control_that_finds_nothing_fails_the_record(tmp_path: Path) -> None:
    results = tmp_path / "host_results.json"
    results.write_text(json.dumps({"device": "X", "date": "d", "driver": 1, "runtime": 1,
                                   "functions": {prove.HOST_CONTROL: {"inputs": 3,
                                                                      "mismatches": 0}},
                                   "complete": True}))
    out = tmp_path / "proofs.json"
    assert prove.record(results, out) == 1
    assert not out.exists()


# --- NVTX: no-ops (mappings/supplied_nvtx.yaml), unproven on a GPU, compared with NVTX's own ---

NVTX_H = Path("/usr/local/cuda/include/nvtx3/nvToolsExt.h")
_NVTX_SIGNATURE = re.compile(r"static inline ([\w ]+?\*?) (hipify_py_nvtx\w+)\(([^)]*)\)")


def _nvtx_entries() -> dict[str, object]:
    from hipify_py.tables.mappings import load_mapping_table

    return {n: e for n, e in load_mapping_table().supplied.items() if n.lower().startswith(
        "hipify_py_nvtx")}


def test_nvtx_entries_say_why_they_need_no_gpu_proof() -> None:
    """A no-op returns a constant: NVTX's own with no profiler attached. Each says so
    (`unproven`) and has no `proof`; every entry that says it is C code is C (no namespace)."""
    entries = _nvtx_entries()
    assert len(entries) >= 60
    for name, entry in entries.items():
        assert entry.unproven and not entry.proof, name
        assert entry.c and "namespace" not in entry.code and "template" not in entry.code, name
    assert not [n for n, e in ENTRIES.items() if e.proof and n in entries]


def _nvtx_source(folder: Path, compare: bool) -> str:
    """Our NVTX header (what a tree run writes, into folder) and a call of every supplied function with zero
    arguments; with `compare`, NVTX's own (nvtx3, no tool attached) beside each: same result."""
    from hipify_py.tables.mappings import load_mapping_table
    from hipify_py.tables.supplied import render_header

    table = load_mapping_table()
    entries = _nvtx_entries()
    (folder / "hipify_supplied.h").write_bytes(render_header(entries, table.supplied))
    text = '#include "hipify_supplied.h"\n'
    if compare:
        text = ("#include <nvtx3/nvToolsExt.h>\n#include <nvtx3/nvToolsExtCuda.h>\n"
                "#include <nvtx3/nvToolsExtCudaRt.h>\n#include <cstdio>\n#include <cstddef>\n"
                "#include <cstdint>\n#include <type_traits>\n" + text)
        text += ("template <class T> long long hp_value(T x) {\n"
                 "  if constexpr (std::is_pointer<T>::value) return (long long)(intptr_t)x;\n"
                 "  else return (long long)x;\n}\n")
        for name in (n for n in entries if n.startswith("HIPIFY_PY_NVTX_")):
            theirs = name.removeprefix("HIPIFY_PY_")
            text += f"static_assert((long long){name} == (long long){theirs}, \"{theirs}\");\n"
        text += ("static_assert(sizeof(hipify_py_nvtxEventAttributes_t) == "
                 "sizeof(nvtxEventAttributes_t), \"layout\");\n")
        for member in ("version", "size", "category", "colorType", "color", "payloadType",
                       "payload", "messageType", "message"):
            text += (f"static_assert(offsetof(hipify_py_nvtxEventAttributes_t, {member}) == "
                     f"offsetof(nvtxEventAttributes_t, {member}), \"{member}\");\n")
    text += "int main(void) {\n  int differ = 0;\n"
    for entry in entries.values():
        m = _NVTX_SIGNATURE.search(entry.code)
        if m is None:
            continue
        result, name, params = m.groups()
        args = ", ".join("0" for p in params.split(",") if p.strip() not in ("", "void"))
        theirs = name.removeprefix("hipify_py_")
        if result == "void" or not compare:
            text += f"  {name}({args});\n" + (f"  {theirs}({args});\n" if compare else "")
            continue
        text += (f"  if (hp_value({name}({args})) != hp_value({theirs}({args}))) {{\n"
                 f"    std::printf(\"{theirs} differs\\n\");\n    ++differ;\n  }}\n")
    return text + "  return differ;\n}\n"


@pytest.mark.parametrize("release", sorted(_HIPCC))
@pytest.mark.parametrize("language", ["c++", "c"])
def test_nvtx_no_ops_compile_with_hipcc(release: str, language: str, tmp_path: Path) -> None:
    hipcc, arch = _HIPCC[release]
    if shutil.which(hipcc) is None:
        pytest.skip(f"no hipcc for HIP {release} here ({hipcc})")
    suffix = "hip" if language == "c++" else "c"
    (tmp_path / f"nvtx.{suffix}").write_text(_nvtx_source(tmp_path, False), encoding="utf-8")
    # a C file: compiled as a HIP build compiles it (CMake's hip::host names the platform)
    standard = (["-std=c++17"] if language == "c++"
                else ["-x", "c", "-std=c11", "-D__HIP_PLATFORM_AMD__"])
    proc = subprocess.run([hipcc, f"--offload-arch={arch}", *standard, "-Wall", "-Wextra", "-c",
                           f"nvtx.{suffix}", "-o", "nvtx.o"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, env=dict(os.environ, HIP_PLATFORM="amd"),
                          check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "warning" not in proc.stderr, proc.stderr[-4000:]


def test_nvtx_no_ops_return_what_nvtx_returns_with_no_tool(hip_nv: Path, tmp_path: Path) -> None:
    """Through HIP's NVIDIA platform beside NVTX's own headers: every constant and the event
    attributes' layout are NVTX's (static_asserts), and run with no profiler attached (no GPU
    needed: NVTX touches none), each function returns what NVTX's returns."""
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.access(nvcc, os.X_OK) or not NVTX_H.is_file():
        pytest.skip("no nvcc or NVTX headers here")
    source = tmp_path / "nvtx.cu"
    source.write_text(_nvtx_source(tmp_path, True), encoding="utf-8")
    binary = tmp_path / "nvtx"
    proc = subprocess.run([nvcc, *prove.NVCC_FLAGS, "-I", str(hip_nv), str(source), "-o",
                           str(binary)], capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVTX_INJECTION")}
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60, env=env,
                         check=False)
    assert run.returncode == 0, run.stdout + run.stderr
