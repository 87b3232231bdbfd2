"""What HIP lacks, supplied: the `supplied` tables, the header, and where a run writes it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hipify_py.api import translate_text
from hipify_py.port.run_values import OutputMode, RunOptions
from hipify_py.port.runner import run
from hipify_py.settings import Settings, Version
from hipify_py.tables.mappings import MappingError, build_table, load_mapping_table
from hipify_py.tables.supplied import HEADER_NAME, closure, guard, render_header

TABLE = load_mapping_table()
HIP_52 = Settings(hip_version=Version.parse("5.2"))

SCAN = b"""__global__ void scan(float* f) {
  float v = f[threadIdx.x];
  if (threadIdx.x < 16) v += __shfl_up_sync(0xffff, v, 1);
  f[threadIdx.x] = v;
}
"""
ERRORS = b"""#include <cuda.h>
const char* describe(CUresult r) { const char* s; cuGetErrorString(r, &s); return s; }
"""


def _table(yaml: str) -> object:
    return build_table([(Path("supplied_test.yaml"), yaml.encode())])


def test_an_entry_needs_code() -> None:
    with pytest.raises(MappingError, match=r"supplied\.f: expected a mapping with 'code'"):
        _table("family: supplied\nsupplied:\n  f: {hip_added: '5.0'}\n")


def test_an_entry_names_only_known_fields_platforms_and_needs() -> None:
    with pytest.raises(MappingError, match="unknown field 'hip_add'"):
        _table("family: supplied\nsupplied:\n  f: {code: x, hip_add: '5.0'}\n")
    with pytest.raises(MappingError, match="platforms"):
        _table("family: supplied\nsupplied:\n  f: {code: x, platforms: [intel]}\n")
    with pytest.raises(MappingError, match="needs g, which no supplied entry defines"):
        _table("family: supplied\nsupplied:\n  f: {code: x, needs: [g]}\n")
    with pytest.raises(MappingError, match="not a version"):
        _table("family: supplied\nsupplied:\n  f: {code: x, hip_added: soon}\n")


def test_an_entry_names_the_headers_its_code_needs() -> None:
    with pytest.raises(MappingError, match="is not a header name"):
        _table("family: supplied\nsupplied:\n  f: {code: x, includes: ['<hip/hip_fp16.h>']}\n")
    table = _table("family: supplied\nsupplied:\n"
                   "  f: {code: 'int f();', includes: [hip/hip_fp16.h, type_traits]}\n"
                   "  g: {code: 'int g();', includes: [hip/hip_fp16.h], needs: [f]}\n"
                   "  h: {code: 'int h();'}\n")
    supplied = table.supplied  # type: ignore[attr-defined]
    lines = render_header(["g"], supplied).decode().splitlines()
    # after HIP's runtime, once each, before any code
    at = lines.index("#include <hip/hip_runtime.h>")
    assert lines[at + 1:at + 5] == ["#ifdef __cplusplus", "#include <hip/hip_fp16.h>",
                                    "#include <type_traits>", "#endif"]  # C++ code's: for C++
    assert "#include" not in render_header(["h"], supplied).decode().split("hip_runtime.h>")[1]


def test_an_entry_on_a_hip_library_is_written_where_the_library_is_installed() -> None:
    with pytest.raises(MappingError, match="is not a header name"):
        _table("family: supplied\nsupplied:\n  f: {code: x, library: '<hipcub/hipcub.hpp>'}\n")
    table = _table("family: supplied\nsupplied:\n"
                   "  f: {code: 'int f();', library: hipcub/hipcub.hpp}\n"
                   "  h: {code: 'int h();'}\n")
    supplied = table.supplied  # type: ignore[attr-defined]
    lines = render_header(["f", "h"], supplied).decode().splitlines()
    at = lines.index("#include <hipcub/hipcub.hpp>")
    assert lines[at - 1] == "#if defined(__cplusplus) && __has_include(<hipcub/hipcub.hpp>)"
    assert lines[lines.index("// f") + 1].endswith("&& __has_include(<hipcub/hipcub.hpp>)")
    assert "__has_include" not in lines[lines.index("// h") + 1]
    assert "hipcub" not in render_header(["h"], supplied).decode()


def test_one_header_serves_a_trees_c_files_too(tmp_path: Path) -> None:
    """A C file of the tree (one that reads __CUDA_ARCH__, or uses NVTX) includes the header
    that also holds other files' C++: that is there for C++ only, so a C compiler reads it."""
    names = ["hipify_py_nvtxRangePushA", "__ldcs", "HIPIFY_PY_CUDA_ARCH"]
    text = render_header(names, TABLE.supplied).decode()
    assert "#if defined(__cplusplus) && " in text and "namespace hipify_py_supplied" in text
    gcc, hip = shutil.which("gcc"), Path("/usr/include/hip/hip_runtime.h")
    if gcc is None or not hip.is_file():
        pytest.skip("needs gcc and HIP's headers in /usr/include")
    (tmp_path / HEADER_NAME).write_text(text)
    (tmp_path / "use.c").write_text(
        f'#include "{HEADER_NAME}"\nint level(void) {{ hipify_py_nvtxRangePushA("x"); '
        "return HIPIFY_PY_CUDA_ARCH; }\n")
    done = subprocess.run([gcc, "-x", "c", "-std=c11", "-fsyntax-only", "-D__HIP_PLATFORM_AMD__",
                           str(tmp_path / "use.c")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_what_an_entry_needs_comes_first_once() -> None:
    names = closure(["__all_sync", "__any_sync"], TABLE.supplied)
    assert names[0] == "hipify_py_lane_mask"
    assert names.count("hipify_py_lane_mask") == 1
    assert set(names) == {"hipify_py_lane_mask", "__all_sync", "__any_sync"}


def test_guards_say_where_ours_is_the_one_in_use() -> None:
    shfl = TABLE.supplied["__shfl_up_sync"]
    assert guard(shfl) == ("defined(__HIP_PLATFORM_AMD__) && (defined(__HIPCC__) || "
                           "defined(__CUDACC__)) && HIP_VERSION < 60200000")
    # A HIP name older NVIDIA layers lack: always there on NVIDIA (a template, so a HIP
    # function that exists wins), on AMD before the HIP that has it.
    errors = TABLE.supplied["hipDrvGetErrorString"]
    assert guard(errors) == "(defined(__HIP_PLATFORM_NVIDIA__) || HIP_VERSION < 50400000)"


def test_the_header_holds_what_is_asked_in_any_order() -> None:
    one = render_header(["__shfl_up_sync", "hipDrvGetErrorString"], TABLE.supplied)
    assert one == render_header(["hipDrvGetErrorString", "__shfl_up_sync"], TABLE.supplied)
    text = one.decode()
    assert "using hipify_py_supplied::__shfl_up_sync;" in text
    assert "__shfl_down_sync" not in text
    assert text.index("hipDrvGetErrorString") < text.index("__shfl_up_sync")  # table order


def test_a_text_gets_the_header_it_needs() -> None:
    result = translate_text(SCAN.decode(), hip_version="5.2")
    assert isinstance(result.output, str) and isinstance(result.supplied_header, str)
    assert '#include "hipify_supplied.h"' in result.output
    assert "__shfl_up_sync(0xffff, v, 1)" in result.output  # the mask stays
    assert "using hipify_py_supplied::__shfl_up_sync;" in result.supplied_header
    assert [f.code for f in result.findings if f.code == "HPY530"] == ["HPY530"]
    # A HIP that has it: nothing to supply.
    newer = translate_text(SCAN.decode(), hip_version="6.2")
    assert newer.supplied_header is None and "hipify_supplied.h" not in newer.output


MAX_PAIRS = """#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void peaks(__half2* h, __nv_bfloat162* b) {
  h[0] = __hmax2(h[1], h[2]);
  b[0] = __hmax2(b[1], b[2]);
}
"""
HIPCC_72 = Path("/srv/rocm7/.bin/hipcc")


def test_hmax2_on_half2_is_supplied_beside_hips_bfloat16_form() -> None:
    """HIP 7.2 declares __hmax2 for bfloat16 only: both calls are kept, the file gets ours (a
    template for __half2 alone), noted on each use; HIP 5.2 (no __hmax2, nor bfloat16) too."""
    half_only = ("#include <cuda_fp16.h>\n__global__ void peaks(__half2* h) {\n"
                 "  h[0] = __hmax2(h[1], h[2]);\n}\n")
    for hip, source, lines in (("7.2", MAX_PAIRS, [4, 5]), ("5.2", half_only, [3])):
        result = translate_text(source, hip_version=hip)
        assert isinstance(result.output, str) and isinstance(result.supplied_header, str)
        assert "h[0] = __hmax2(h[1], h[2]);" in result.output
        assert [f.line for f in result.findings if f.code == "HPY530"] == lines
        header = result.supplied_header
        assert "std::enable_if<std::is_same<H, __half2>::value, int>::type = 0" in header
        assert "using hipify_py_supplied::__hmax2;" in header
        assert "#include <hip/hip_fp16.h>\n#include <type_traits>\n" in header


def test_the_header_leaves_bfloat16s_hmax2_to_hip(tmp_path: Path) -> None:
    """Compiled with HIP 7.2: the half2 call is ours, the bfloat16 one HIP's (ours cannot take
    it), and without the header the half2 call does not compile at all."""
    if not os.access(HIPCC_72, os.X_OK):
        pytest.skip(f"no hipcc for HIP 7.2 here ({HIPCC_72})")
    result = translate_text(MAX_PAIRS, hip_version="7.2")
    assert isinstance(result.output, str) and isinstance(result.supplied_header, str)
    checks = """#include <type_traits>
static_assert(std::is_same<decltype(__hmax2(__half2(), __half2())), __half2>::value, "ours");
static_assert(std::is_same<decltype(__hmax2(__hip_bfloat162(), __hip_bfloat162())),
                           __hip_bfloat162>::value, "HIP's");
"""
    (tmp_path / "case.hip").write_text(result.output + checks, encoding="utf-8")

    def compile_with(header: str) -> subprocess.CompletedProcess[str]:
        (tmp_path / HEADER_NAME).write_text(header, encoding="utf-8")
        return subprocess.run([str(HIPCC_72), "--offload-arch=gfx942", "-std=c++17",
                               "-fsyntax-only", "case.hip"], cwd=tmp_path, capture_output=True,
                              text=True, timeout=600, check=False,
                              env={**os.environ, "HIP_PLATFORM": "amd"})

    supplied = compile_with(result.supplied_header)
    assert supplied.returncode == 0, supplied.stderr[-3000:]
    bare = compile_with("#pragma once\n")
    assert bare.returncode != 0 and "__hmax2" in bare.stderr


def _tree(root: Path) -> Path:
    src = root / "src"
    (src / "kernels" / "deep").mkdir(parents=True)
    (src / "kernels" / "deep" / "scan.cu").write_bytes(SCAN)
    (src / "errors.cpp").write_bytes(ERRORS)
    (src / "plain.cu").write_bytes(b"__global__ void k(float* p) { p[0] = 1; }\n")
    return src


def test_a_tree_gets_one_header_at_the_root_of_its_output(tmp_path: Path) -> None:
    src = _tree(tmp_path)
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False)
    run([str(src)], options, HIP_52, TABLE)
    header = (out / HEADER_NAME).read_bytes()
    assert header == render_header(["__shfl_up_sync", "hipDrvGetErrorString"], TABLE.supplied)
    deep = (out / "kernels" / "deep" / "scan.cu").read_bytes()
    assert deep.startswith(
        b"#include <hip/hip_runtime.h>\n#include \"../../hipify_supplied.h\"\n")
    assert (out / "errors.cpp").read_bytes().count(b'#include "hipify_supplied.h"') == 1
    assert b"hipify_supplied" not in (out / "plain.cu").read_bytes()
    assert not list((out / "kernels").rglob(HEADER_NAME))
    # The output, translated again, is what it was (the header is recognised as ours).
    again = tmp_path / "again"
    run([str(out)], RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(again),
                               use_cache=False), HIP_52, TABLE)
    for path in out.rglob("*"):
        if path.is_file() and path.name != ".hipify-py-output":
            assert (again / path.relative_to(out)).read_bytes() == path.read_bytes(), path


def test_in_place_and_one_file_write_the_header_beside_what_they_write(tmp_path: Path) -> None:
    src = _tree(tmp_path)
    run([str(src)], RunOptions(mode=OutputMode.IN_PLACE, use_cache=False), HIP_52, TABLE)
    assert (src / HEADER_NAME).is_file()
    assert b'\n#include "../../hipify_supplied.h"\n' in (
        src / "kernels" / "deep" / "scan.cu").read_bytes()
    target = tmp_path / "single" / "errors.hip"
    target.parent.mkdir()
    run([str(tmp_path / "src" / "errors.cpp.orig")], RunOptions(
        mode=OutputMode.FILE, output_file=str(target), use_cache=False), HIP_52, TABLE)
    assert b'#include "hipify_supplied.h"' in target.read_bytes()
    assert b"hipDrvGetErrorString" in (target.parent / HEADER_NAME).read_bytes()


def test_a_sync_check_reports_a_stale_header(tmp_path: Path) -> None:
    src = _tree(tmp_path)
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False)
    run([str(src)], options, HIP_52, TABLE)
    (out / HEADER_NAME).write_bytes(b"// edited\n")
    checked = run([str(src)], RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out),
                                         use_cache=False, sync_check=True), HIP_52, TABLE)
    assert str(out / HEADER_NAME) in checked.out_of_date


def test_in_place_on_a_file_named_alone_writes_beside_it(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    src = _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    named = Path("src") / "kernels" / "deep" / "scan.cu"
    run([str(named)], RunOptions(mode=OutputMode.IN_PLACE, use_cache=False), HIP_52, TABLE)
    assert (src / "kernels" / "deep" / HEADER_NAME).is_file()
    assert not (tmp_path / HEADER_NAME).exists() and not (src / HEADER_NAME).exists()
    assert b'#include "hipify_supplied.h"' in named.read_bytes()


# --- CUDA's math constants (mappings/supplied_math_constants.yaml) ------------------------------
CUDA_MATH_CONSTANTS = Path("/usr/local/cuda/include/math_constants.h")
HIP_MATH_CONSTANTS = Path("/srv/rocm7/usr/include/hip/amd_detail/amd_hip_math_constants.h")
_DEFINE = re.compile(r"^#define\s+(\w+)\s+(.*?)\s*$", re.M)
_TOKEN = re.compile(r"0x[0-9A-Fa-f]+[uUlL]*|[0-9.]+(?:[eE][-+]?[0-9]+)?[fFuUlL]*|\w+|\S")


def _definitions(text: str, prefix: str) -> dict[str, list[str]]:
    """name (without prefix) -> the tokens of its definition, names spelled with HIP_."""
    out = {}
    for name, body in _DEFINE.findall(text):
        if name.startswith(prefix):
            body = re.sub(r"\b(?:CUDART|HIP)_", "HIP_", body)
            out[name[len(prefix):]] = _TOKEN.findall(body)
    return out


def _supplied_constants() -> dict[str, list[str]]:
    return {name[len("HIP_"):]: _TOKEN.findall(_DEFINE.findall(entry.code)[0][1])
            for name, entry in TABLE.supplied.items()
            if entry.macro and name.startswith("HIP_") and _DEFINE.findall(entry.code)}


def test_each_cuda_math_constant_is_supplied_under_the_name_and_version_the_tables_map() -> None:
    constants = {e.cuda: e for e in TABLE.entries.values() if e.cuda.startswith("CUDART_")
                 and e.family == "runtime" and e.hip and e.hip.startswith("HIP_")}
    assert len(constants) == 95
    for cuda, entry in constants.items():
        supplied = TABLE.supplied[entry.hip]  # the name the translation writes
        assert supplied.hip_added == entry.hip_added, cuda
        assert supplied.macro and supplied.platforms == ("amd", "nvidia") and not supplied.device
        assert "hipify_py_math_constants" in supplied.needs  # HIP's header first, where it is
        assert supplied.code.startswith(f"#ifndef {entry.hip}\n#define {entry.hip} "), cuda


@pytest.mark.skipif(not CUDA_MATH_CONSTANTS.is_file(), reason="no CUDA math_constants.h here")
def test_supplied_math_constants_are_cudas_own_values() -> None:
    """The same tokens as CUDA's definitions: the same literal, or the same bit pattern through
    the same reinterpretation, hence the same value bit for bit."""
    cuda = _definitions(CUDA_MATH_CONSTANTS.read_text(), "CUDART_")
    assert len(cuda) == 95
    assert _supplied_constants() == cuda


@pytest.mark.skipif(not HIP_MATH_CONSTANTS.is_file(), reason="no HIP 7.2 math constants here")
def test_supplied_math_constants_are_what_a_newer_hip_defines() -> None:
    assert _supplied_constants() == _definitions(HIP_MATH_CONSTANTS.read_text(), "HIP_")


def test_an_older_target_gets_cudas_math_constants_without_the_missing_header() -> None:
    source = ("#include <math_constants.h>\n"
              "__global__ void k(float* f, double* d) { f[0] = CUDART_PI_F; d[0] = CUDART_INF; }\n")
    old = translate_text(source, hip_version="5.2")
    assert isinstance(old.output, str) and isinstance(old.supplied_header, str)
    assert "math_constants.h" not in old.output and '#include "hipify_supplied.h"' in old.output
    assert "f[0] = HIP_PI_F; d[0] = HIP_INF;" in old.output
    assert "#define HIP_PI_F 3.141592654F" in old.supplied_header
    assert "#include <hip/hip_math_constants.h>" in old.supplied_header  # under __has_include
    # HIP 5.5 has the header with the float constants only: the double one is supplied
    mid = translate_text(source, hip_version="5.5")
    assert isinstance(mid.output, str) and isinstance(mid.supplied_header, str)
    assert "#include <hip/hip_math_constants.h>" in mid.output
    assert "HIP_INF" in mid.supplied_header and "HIP_PI_F" not in mid.supplied_header
    new = translate_text(source, hip_version="5.7")
    assert new.supplied_header is None and "hipify_supplied.h" not in str(new.output)


# --- libcu++'s function objects (mappings/supplied_libcudacxx.yaml) ---------------------------
CCCL = Path("/usr/local/cuda/include/cccl")
FUNCTORS = """#include <cuda/functional>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#define __host__
#define __device__
namespace ours {
%s
}
template <class T> static bool same(T a, T b) { return std::memcmp(&a, &b, sizeof a) == 0; }
int main() {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::nanf("");
  const float v[] = {0.0f, -0.0f, 1.0f, -1.0f, 1e-45f, -3.5f, inf, -inf, nan, -nan};
  int bad = 0;
  for (float a : v)
    for (float b : v) {
      bad += !same(ours::hipify_py_maximum<>{}(a, b), cuda::maximum<>{}(a, b));
      bad += !same(ours::hipify_py_minimum<>{}(a, b), cuda::minimum<>{}(a, b));
      bad += !same(ours::hipify_py_maximum<float>{}(a, b), cuda::maximum<float>{}(a, b));
      bad += !same(ours::hipify_py_minimum<float>{}(a, b), cuda::minimum<float>{}(a, b));
      bad += !same(ours::hipify_py_maximum<int>{}(a, b), cuda::maximum<int>{}(a, b));
      bad += !same(ours::hipify_py_maximum<>{}(static_cast<int>(a), b), cuda::maximum<>{}(static_cast<int>(a), b));
      bad += !same(ours::hipify_py_minimum<>{}(a, 2.5), cuda::minimum<>{}(a, 2.5));
    }
  static_assert(std::is_same<decltype(ours::hipify_py_maximum<>{}(1, 2.0f)),
                             decltype(cuda::maximum<>{}(1, 2.0f))>::value, "");
  static_assert(std::is_same<decltype(ours::hipify_py_minimum<short>{}(1, 2)),
                             decltype(cuda::minimum<short>{}(1, 2))>::value, "");
  static_assert(noexcept(ours::hipify_py_maximum<>{}(1, 2)) == noexcept(cuda::maximum<>{}(1, 2)), "");
  static_assert(ours::hipify_py_minimum<>{}(3, 2) == 2, "constexpr");
  std::printf("%%d\\n", bad);
  return bad != 0;
}
"""


@pytest.mark.skipif(not (CCCL / "cuda" / "functional").is_file() or shutil.which("g++") is None,
                    reason="no CCCL headers or g++ here")
def test_supplied_libcudacxx_functors_match_cccls_own(tmp_path: Path) -> None:
    """On the host (libcu++'s headers compile with g++): every pair of special floats (NaN, -0,
    infinities) through both forms, mixed types, result types, noexcept: as CCCL's."""
    code = "\n".join(TABLE.supplied[n].code for n in ("hipify_py_maximum", "hipify_py_minimum"))
    source = tmp_path / "functors.cpp"
    source.write_text(FUNCTORS % code)
    built = subprocess.run(["g++", "-std=c++17", f"-I{CCCL}", str(source), "-o",
                            str(tmp_path / "functors")], capture_output=True, text=True,
                           timeout=300, check=False)
    assert built.returncode == 0, built.stderr[-3000:]
    ran = subprocess.run([str(tmp_path / "functors")], capture_output=True, text=True,
                         timeout=60, check=False)
    assert ran.returncode == 0 and ran.stdout.strip() == "0", ran.stdout + ran.stderr


def test_libcudacxx_reduction_operators_are_supplied_and_their_include_dropped() -> None:
    source = ("#include <cuda/std/functional>\n"
              "__device__ float f(float a, float b) { return cuda::maximum<>{}(a, b); }\n")
    result = translate_text(source, hip_version="7.2")
    assert isinstance(result.output, str) and isinstance(result.supplied_header, str)
    assert "cuda/std/functional" not in result.output
    assert "return hipify_py_maximum<>{}(a, b);" in result.output
    assert "using hipify_py_supplied::hipify_py_maximum;" in result.supplied_header
    assert sorted(f.code for f in result.findings if f.severity.name != "NOTE") == []


# --- NVML with the HIP runtime (mappings/nvml.yaml, supplied_nvml.yaml) ----------------------
NVML_H = Path("/tmp/handhip/nvml/nvidia/cu13/include/nvml.h")  # the nvidia-nvml-dev wheel's


def test_every_nvml_row_is_a_supplied_name_of_ours() -> None:
    """An NVML name becomes a hipify_py_ name that hipify_supplied.h supplies on both platforms
    (no HIP declares it, and a real nvml.h never meets it)."""
    rows = {e.cuda: e.hip for e in TABLE.entries.values() if e.family == "nvml"}
    assert {"nvmlInit", "nvmlDeviceGetClockInfo", "NVML_SUCCESS", "nvmlDevice_t"} <= set(rows)
    for cuda, hip in rows.items():
        assert hip is not None and hip.lower().startswith("hipify_py_"), cuda
        entry = TABLE.supplied[hip]
        assert not entry.helper and entry.hip_added is None, cuda
        assert entry.platforms == ("amd", "nvidia") and not entry.device, cuda
        assert hip.lower().endswith(cuda.lower().removesuffix("_v2")), cuda
    # only the clock NVML reads as the current one carries a warning
    assert [c for c, h in rows.items() if TABLE.entries[c].semantic] == ["nvmlDeviceGetClockInfo"]


@pytest.mark.skipif(not NVML_H.is_file(), reason="no nvml.h here (pip install --no-deps "
                    "--target /tmp/handhip/nvml nvidia-nvml-dev)")
def test_supplied_nvml_values_are_nvmls() -> None:
    text = NVML_H.read_text(encoding="utf-8")
    theirs = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"^\s*(NVML_\w+)\s*=\s*(\d+)\s*,?", text, re.M)}
    theirs |= {m.group(1): int(m.group(2)) for m in re.finditer(
        r"^#define\s+(NVML_\w+)\s+(\d+)\b", text, re.M)}
    theirs["NVML_CLOCK_COUNT"] = theirs["NVML_CLOCK_VIDEO"] + 1  # (the enum's last, unnumbered)
    ours: dict[str, int] = {}
    for entry in TABLE.supplied.values():
        ours |= {m.group(1): int(m.group(2)) for m in re.finditer(
            r"\b(HIPIFY_PY_NVML_\w+)(?:\s*=\s*|\s+)(\d+)\b", entry.code)}
    assert len(ours) == 17
    assert ours == {n: theirs[n.removeprefix("HIPIFY_PY_")] for n in ours}


NVML_PARTS = """#include <nvml.h>
unsigned int peak_memory_mhz(unsigned int index) {
  nvmlDevice_t device;
  unsigned int mhz = 0;
  if (nvmlInit() != NVML_SUCCESS) return 0;
  if (nvmlDeviceGetHandleByIndex(index, &device) == NVML_SUCCESS)
    nvmlDeviceGetMaxClockInfo(device, NVML_CLOCK_MEM, &mhz);
  nvmlShutdown();
  return mhz;
}
"""


def test_nvml_names_are_supplied_and_nvml_h_dropped() -> None:
    result = translate_text(NVML_PARTS, hip_version="5.2")
    assert isinstance(result.output, str) and isinstance(result.supplied_header, str)
    assert "nvml.h" not in result.output and "(nvmlInit" not in result.output
    assert "hipify_py_nvmlDeviceGetMaxClockInfo(device, HIPIFY_PY_NVML_CLOCK_MEM, &mhz)" in (
        result.output)
    header = result.supplied_header
    for name in ("hipify_py_nvmlInit", "HIPIFY_PY_NVML_SUCCESS", "HIPIFY_PY_NVML_CLOCK_MEM",
                 "hipify_py_nvmlDevice_t"):
        assert f"using hipify_py_supplied::{name};" in header
    assert "hipify_py_nvmlDeviceGetName" not in header  # only what the file uses
    assert sorted({f.code for f in result.findings}) == ["HPY201", "HPY202", "HPY530"]
    # one more NVML name, not supplied: nvml.h stays (HPY200), the name is reported (HPY119)
    more = NVML_PARTS.replace("  nvmlShutdown();", "  nvmlDeviceResetApplicationsClocks(device);\n"
                              "  nvmlShutdown();")
    kept = translate_text(more, hip_version="5.2")
    assert isinstance(kept.output, str) and "#include <nvml.h>" in kept.output
    errors = sorted((f.line, f.code) for f in kept.findings if f.severity.name == "ERROR")
    assert errors == [(1, "HPY200"), (8, "HPY119")]
