"""The command line: output modes, exit codes, --fail-on, baselines, suppressions, project
configuration and usage errors. Runs in-process through typer's CliRunner, plus one real
subprocess for `python -m hipify_py`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hipify_py.cli import _app_for, app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

CLEAN = b"""__global__ void add(float* a, const float* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i];
}
void run(float* a, const float* b, int n) {
  add<<<(n + 255) / 256, 256>>>(a, b, n);
  cudaDeviceSynchronize();
}
"""
# An unsupported header (error) and inline PTX (error).
BAD = b"""#include <cuda_egl_interop.h>
__device__ unsigned lane_id() {
  unsigned r;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(r));
  return r;
}
"""


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path / ".cache"))
    monkeypatch.setenv("NO_COLOR", "1")


def invoke(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    # The app the `hipify-py` command runs for these arguments (one command alone, or all).
    result = CliRunner().invoke(_app_for(list(args)), list(args), input=stdin)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def write(path: str, data: bytes) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data)
    return p


@pytest.mark.parametrize("args", [
    ["translate", "--help"], ["check", "-h"], ["shim", "--help"], ["version", "--help"],
    ["lookup", "--help"], ["translate"], ["check", "--no-such-option", "x"], ["shim"],
    ["version", "extra"], ["translate", "--jobs", "0", "x.cu"], ["--help"], [], ["translat"],
    ["mappings", "--help"]])
def test_one_command_app_answers_as_the_whole_app(args: list[str]) -> None:
    """The `hipify-py` command builds only the command it runs (startup time): its help, usage
    errors and exit codes are the whole app's."""
    runs_alone = bool(args) and args[0] in ("translate", "check", "shim", "version", "lookup")
    assert (_app_for(args) is not app) == runs_alone
    alone = CliRunner().invoke(_app_for(args), args)
    whole = CliRunner().invoke(app, args)
    assert (alone.exit_code, alone.stdout, alone.stderr) == (
        whole.exit_code, whole.stdout, whole.stderr)


# --- translate output modes -------------------------------------------------------------------
def test_translate_one_file_to_stdout() -> None:
    write("k.cu", CLEAN)
    code, out, _ = invoke("translate", "k.cu")
    assert code == 0
    assert "hipLaunchKernelGGL(add, dim3((n + 255) / 256), dim3(256), 0, 0, a, b, n);" in out
    assert "hipDeviceSynchronize()" in out


def test_output_dash_is_standard_output() -> None:
    write("k.cu", CLEAN)
    code, out, _ = invoke("translate", "k.cu", "-o", "-")
    assert code == 0 and "hipDeviceSynchronize()" in out
    assert not Path("-").exists()


def test_both_launch_syntax_options_rewrite_as_hipify_clang_does() -> None:
    write("k.cu", CLEAN)
    code, out, _ = invoke("translate", "k.cu", "--cuda-kernel-execution-syntax",
                          "--hip-kernel-execution-syntax")
    assert code == 0 and "hipLaunchKernelGGL(add," in out


def test_translate_stdin() -> None:
    code, out, _ = invoke("translate", "-", stdin=b"void f() { cudaFree(0); }\n")
    assert code == 0 and "hipFree(0)" in out


def test_translate_to_file_and_diff() -> None:
    write("k.cu", CLEAN)
    assert invoke("translate", "k.cu", "-o", "k.hip")[0] == 0
    assert b"hipDeviceSynchronize" in Path("k.hip").read_bytes()
    code, out, _ = invoke("translate", "k.cu", "--diff")
    assert code == 0
    assert "--- a/k.cu" in out and "+  hipDeviceSynchronize();" in out
    assert Path("k.cu").read_bytes() == CLEAN


def test_translate_in_place_and_output_dir() -> None:
    write("src/k.cu", CLEAN)
    assert invoke("translate", "src", "--output-dir", "hip")[0] == 0
    assert b"hipDeviceSynchronize" in Path("hip/k.cu").read_bytes()
    assert invoke("translate", "src", "--output-dir", "hip", "--check")[0] == 0
    write("src/k.cu", CLEAN + b"void g() { cudaFree(0); }\n")
    code, _, err = invoke("translate", "src", "--output-dir", "hip", "--check")
    assert code == 1 and "hip/k.cu: out of date" in err
    assert invoke("translate", "src", "--in-place")[0] == 0
    assert Path("src/k.cu.orig").read_bytes().startswith(CLEAN)
    assert b"hipFree(0)" in Path("src/k.cu").read_bytes()


# --- check: exit codes, fail-on, formats ----------------------------------------------------------
def test_check_exit_codes_and_fail_on() -> None:
    write("clean.cu", CLEAN)
    write("bad.cu", BAD)
    assert invoke("check", "clean.cu")[0] == 0
    code, out, _ = invoke("check", "bad.cu")
    assert code == 1
    assert "bad.cu:1:11: HPY200 error:" in out and "bad.cu:4:" in out and "HPY300" in out
    assert invoke("check", "bad.cu", "--fail-on", "none")[0] == 0
    assert invoke("check", "bad.cu", "--ignore", "HPY200", "--ignore", "HPY300")[0] == 0


def test_check_json_and_sarif_formats() -> None:
    write("bad.cu", BAD)
    code, out, _ = invoke("check", "bad.cu", "--format", "json")
    assert code == 1
    doc = json.loads(out)
    assert {d["code"] for d in doc["diagnostics"]} >= {"HPY200", "HPY300"}
    code, out, _ = invoke("check", "bad.cu", "--format", "sarif")
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0"
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} >= {"HPY200", "HPY300"}


def test_check_writes_reports_and_diagnostics_output() -> None:
    write("bad.cu", BAD)
    code, _, _ = invoke("check", "bad.cu", "--format", "json", "--diagnostics-output", "d.json",
                        "--report", "r/report.html", "--report", "r/report.md")
    assert code == 1
    assert json.loads(Path("d.json").read_text())["diagnostics"]
    assert "<html" in Path("r/report.html").read_text().lower()
    assert "HPY300" in Path("r/report.md").read_text()


def test_a_served_rerun_writes_the_reports_a_full_render_writes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A re-run served whole fills this run's time into the renderings the first run recorded:
    no template, no rendering, and byte for byte what rendering would have written. A changed
    option, source or baseline renders again."""
    from dataclasses import replace

    from hipify_py.reporting import render
    from hipify_py.reporting.report import Report

    # The run's own fields fixed, so that two runs' reports must be equal byte for byte.
    when = {"created": "2026-11-26T00:00:00Z", "elapsed": 1.25}
    real_report = Report.from_results.__func__  # type: ignore[attr-defined]

    def fixed(cls: type[Report], *args: object, **kwargs: object) -> Report:
        return replace(real_report(cls, *args, **kwargs), **when)

    monkeypatch.setattr(Report, "from_results", classmethod(fixed))
    rendered: list[str] = []
    real_rendered = render.rendered

    def counted(report: Report, kind: str, *args: object) -> render.Rendered:
        rendered.append(kind)
        return real_rendered(report, kind, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "rendered", counted)
    write("src/k.cu", CLEAN)
    write("src/bad.cu", BAD)
    names = ["out/r.html", "out/r.json", "out/r.md", "out/r.sarif"]
    args = ["translate", "src", "--output-dir", "out", "--no-config", "--format", "json",
            *(a for n in names for a in ("--report", n))]

    def reports() -> dict[str, bytes]:
        return {n: Path(n).read_bytes() for n in names}

    code, out, _ = invoke(*args)
    first = reports()
    assert sorted(rendered) == ["html", "json", "md", "sarif"]  # --format json: the same JSON
    assert b"2026-11-26T00:00:00Z &middot; 1.25 s" in first["out/r.html"]
    assert json.loads(first["out/r.json"])["summary"]["elapsed_seconds"] == 1.25
    umask = os.umask(0)
    os.umask(umask)
    assert all(os.stat(n).st_mode & 0o777 == 0o666 & ~umask for n in names)

    rendered.clear()
    assert invoke(*args) == (code, out, "")  # served whole: nothing rendered, same bytes
    assert rendered == [] and reports() == first
    when.update(created="2026-11-27T10:11:12Z", elapsed=0.125)  # only the run's fields differ
    assert invoke(*args)[0] == code and rendered == []
    again = reports()
    assert again["out/r.sarif"] == first["out/r.sarif"]
    for name, old, new in (("out/r.html", "2026-11-26T00:00:00Z &middot; 1.25 s",
                            "2026-11-27T10:11:12Z &middot; 0.12 s"),
                           ("out/r.md", "2026-11-26T00:00:00Z · 1.25 s",
                            "2026-11-27T10:11:12Z · 0.12 s"),
                           ("out/r.json", '"elapsed_seconds": 1.25', '"elapsed_seconds": 0.125')):
        expected = first[name].decode().replace(old, new).replace("2026-11-26T00:00:00Z",
                                                                   "2026-11-27T10:11:12Z")
        assert again[name].decode() == expected

    # Anything that changes the results renders again: an option, a source, a baseline.
    rendered.clear()
    assert invoke(*args, "--hip-version", "6.2")[0] in (0, 1) and len(rendered) == 4
    rendered.clear()
    write("src/k.cu", CLEAN + b"void more() { cudaDeviceReset(); }\n")
    invoke(*args)
    assert len(rendered) == 4 and b"cudaDeviceReset" in Path("out/r.json").read_bytes()
    rendered.clear()
    invoke(*args, "--baseline", "base.json", "--update-baseline")
    invoke(*args, "--baseline", "base.json")
    assert len(rendered) == 10  # with a baseline, every report and --format json each time
    # A run that asks for no report does not read the recorded renderings.
    from hipify_py.port import run_record

    monkeypatch.setattr(run_record, "recorded_reports", None)
    assert invoke("translate", "src", "--output-dir", "out", "--no-config", "--quiet")[0] == code


def test_inline_suppression() -> None:
    write("bad.cu", BAD.replace(b"  asm volatile", b"  // hipify-py: ignore[HPY300]\n  asm volatile")
          .replace(b"#include <cuda_egl_interop.h>", b"#include <cuda_egl_interop.h> // hipify-py: ignore[HPY200]"))
    assert invoke("check", "bad.cu")[0] == 0


def test_baseline_accepts_known_findings_only() -> None:
    write("bad.cu", BAD)
    assert invoke("check", "bad.cu", "--baseline", "base.json", "--update-baseline")[0] == 0
    assert Path("base.json").exists()
    assert invoke("check", "bad.cu", "--baseline", "base.json")[0] == 0
    # A new finding is not in the baseline; moved lines still match.
    write("bad.cu", b"\n\n" + BAD + b"__device__ void g() { asm(\"exit;\"); }\n")
    code, out, _ = invoke("check", "bad.cu", "--baseline", "base.json")
    assert code == 1 and "bad.cu:9:" in out and "bad.cu:6:" not in out


def test_project_configuration_and_overrides() -> None:
    write("pyproject.toml", b'[tool.hipify-py]\nfail-on = "none"\nexclude = ["vendor/"]\n')
    write("src/bad.cu", BAD)
    write("vendor/bad.cu", BAD)
    code, out, _ = invoke("check", ".")
    assert code == 0 and "vendor" not in out
    assert invoke("check", ".", "--fail-on", "error")[0] == 1
    assert invoke("check", ".", "--no-config")[0] == 1
    write("pyproject.toml", b'[tool.hipify-py]\nfail_on = "none"\n')
    code, _, err = invoke("check", ".")
    assert code == 2 and "pyproject.toml" in err and "fail_on" in err


# --- usage and internal errors ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["translate", "k.cu", "--in-place", "--diff"], "choose one of"),
        (["translate", "k.cu", "--check"], "--check needs --output-dir"),
        (["check", "k.cu", "--hip-version", "five"], "--hip-version"),
        (["check", "k.cu", "--ignore", "HPY999"], "unknown code"),
        (["check", "k.cu", "--format", "xml"], "--format"),
        (["check", "k.cu", "--fail-on", "fatal"], "--fail-on"),
        (["check", "k.cu", "--mappings", "broken.yaml"], "broken.yaml"),
        (["check", "k.cu", "-p", "nowhere"], "nowhere"),
    ],
)
def test_usage_errors_exit_2_with_a_message(args: list[str], message: str) -> None:
    write("k.cu", CLEAN)
    write("broken.yaml", b"family: runtime\nentries:\n  cudaFoo: {hip: hipFoo}\n  cudaFoo: {hip: hipBar}\n")
    code, _, err = invoke(*args)
    assert code == 2, err
    assert message in err


_BASELINE = '{"format": "hipify-py/baseline", "version": 1, "findings": %s}'
_ENTRY = '{"path": "k.cu", "code": "HPY202", "line_hash": "x", "count": %s}'


@pytest.mark.parametrize(
    ("args", "files", "message"),
    [
        # What a user can fix is a usage error (2), never our internal error (3): issue 30.
        (["check", "k.cu"], {"pyproject.toml": 'tool = "legacy"\n'}, "[tool] must be a table"),
        (["check", ".", "--exclude", "[z-a]"], {}, "bad glob"),
        (["check", "k.cu", "--include", "[z-a]"], {}, "bad glob"),
        (["check", "k.cu", "--baseline", "b.json"], {"b.json": _BASELINE % "5"},
         '"findings" must be a list'),
        (["check", "k.cu", "--baseline", "b.json"], {"b.json": _BASELINE % f"[{_ENTRY % '1e999'}]"},
         "finding 0 is malformed"),
        (["check", "k.cu", "--baseline", "b.json"], {"b.json": _BASELINE % f"[{_ENTRY % 'true'}]"},
         "finding 0 is malformed"),
        (["check", "k.cu", "--baseline", "b.json"], {"b.json": _BASELINE % "[7]"},
         "finding 0 is malformed"),
    ],
)
def test_bad_input_a_user_can_fix_exits_2(args: list[str], files: dict[str, str],
                                           message: str) -> None:
    write("k.cu", CLEAN)
    for name, text in files.items():
        write(name, text.encode())
    code, _, err = invoke(*args)
    assert code == 2, err
    assert message in err


def test_internal_error_exits_3(monkeypatch: pytest.MonkeyPatch) -> None:
    write("k.cu", CLEAN)

    def boom(*_args: object) -> None:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr("hipify_py.port.runner.run", boom)
    code, _, err = invoke("check", "k.cu")
    assert code == 3 and "internal error" in err and "simulated bug" in err


def test_missing_input_is_reported_and_fails() -> None:
    write("k.cu", CLEAN)
    code, out, _ = invoke("check", "k.cu", "missing.cu")
    assert code == 1 and "missing.cu" in out and "HPY902" in out


def test_check_over_the_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bundled examples include a program that is reported on purpose (inline PTX), so the
    gate fails on it and passes once those codes are accepted."""
    code, out, _ = invoke("check", str(EXAMPLES), "--format", "json")
    doc = json.loads(out)
    codes = {d["code"] for d in doc["diagnostics"] if d["severity"] == "error"}
    assert code == 1 and {"HPY300"} <= codes
    ignore = [arg for c in sorted(codes) for arg in ("--ignore", c)]
    assert invoke("check", str(EXAMPLES), *ignore)[0] == 0


def test_python_dash_m_entry_point(tmp_path: Path) -> None:
    write("k.cu", CLEAN)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    proc = subprocess.run([sys.executable, "-m", "hipify_py", "translate", "k.cu"],
                          capture_output=True, text=True, env=env, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "hipDeviceSynchronize" in proc.stdout
    version = subprocess.run([sys.executable, "-m", "hipify_py", "version"], capture_output=True,
                             text=True, env=env, check=False)
    assert version.stdout.startswith("hipify-py ")


def test_a_skipped_file_fails_the_run_and_the_rest_is_translated() -> None:
    write("src/k.cu", CLEAN)
    write("src/blob.cu", b"\x00\x01binary\x00")
    code, out, _ = invoke("translate", "src", "--output-dir", "hip")
    assert code == 1 and "src/blob.cu:1:1: HPY903 warning:" in out
    assert Path("hip/k.cu").exists()
    assert Path("hip/blob.cu").read_bytes() == b"\x00\x01binary\x00"  # mirrored as it is


def test_compatibility_options_are_accepted_and_say_so() -> None:
    write("k.cu", CLEAN)
    code, _, err = invoke("check", "k.cu", "--use-hip-data-types", "--miopen")
    assert code == 0
    assert "--use-hip-data-types has no effect" in err and "--miopen is the default" in err


def test_flat_library_headers_spells_them_as_hipify_clang() -> None:
    write("b.cu", b'#include "cublas_v2.h"\nvoid f(cublasHandle_t h) { cublasCreate(&h); }\n')
    code, out, _ = invoke("translate", "b.cu", "--stdout", "--flat-library-headers", "-q")
    assert code == 0 and '#include "hipblas.h"' in out
    code, out, _ = invoke("translate", "b.cu", "--stdout", "-q")
    assert code == 0 and '#include "hipblas/hipblas.h"' in out


def test_hip_version_auto_reads_hipconfig(monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    write("k.cu", b"void f(cudaStream_t s, cudaGraph_t g) {\n"
                  b"  cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0, cudaStreamCaptureModeGlobal);\n}\n")
    if shutil.which("hipconfig"):
        code, out, _ = invoke("check", "k.cu", "--hip-version", "auto")
        assert code == 1 and "HPY150" in out  # Debian's HIP 5.2 lacks the 6.2 API
    monkeypatch.setenv("PATH", "/nonexistent")
    code, _, err = invoke("check", "k.cu", "--hip-version", "auto")
    assert code == 2 and "hipconfig" in err


def test_summary_names_the_target_hip_and_cuda(monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    write("k.cu", b"#if CUDART_VERSION >= 11080\nint modern;\n#endif\n")
    code, out, _ = invoke("translate", "k.cu", "--hip-version", "6.1", "--cuda-version", "11.8",
                          "-o", "k.hip")
    assert code == 0 and "target: HIP 6.1 (--hip-version); CUDA read as 11.8" in out
    assert b"#if 11080 >= 11080" in Path("k.hip").read_bytes()
    if shutil.which("hipconfig"):
        _, out, _ = invoke("translate", "k.cu", "-o", "k.hip")
        assert "(installed, from hipconfig)" in out
    monkeypatch.setenv("PATH", "/nonexistent")
    _, out, _ = invoke("translate", "k.cu", "-o", "k.hip")
    assert "target: the newest HIP the tables know (no hipconfig on the PATH); CUDA read as 13.0" in out
    code, _, err = invoke("translate", "k.cu", "--cuda-version", "twelve")
    assert code == 2 and "--cuda-version" in err
