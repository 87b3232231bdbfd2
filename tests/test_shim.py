"""The compatibility shim (hipify-py shim): golden folders, findings, determinism, the check.

Each tests/shim_cases/<case>/ holds `tree/` (unchanged CUDA sources of our own), `shim/` (the
expected folder) and `case.yaml` (Settings fields under `options`, the HIP versions whose hipcc
must compile the unchanged sources with the shim under `compiles`). Warnings and errors must
match the `expect: CODE` annotations of the sources exactly.
HIPIFY_PY_UPDATE_GOLDEN=1 rewrites the expected folders.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from hipify_py.port.run_values import RunOptions
from hipify_py.port.shim_folder import check_shim, generate_shim
from hipify_py.reporting.diagnostics import Severity
from hipify_py.settings import Settings, Version
from hipify_py.tables.mapping_model import MappingTable
from test_compile_golden import TOOLCHAINS

CASES = Path(__file__).parent / "shim_cases"
CASE_NAMES = sorted(p.name for p in CASES.iterdir() if (p / "case.yaml").exists())
_EXPECT = re.compile(r"expect:\s*([A-Z0-9_, ]+)")
_OPTIONS = RunOptions(jobs=1, use_cache=False)


def _case(name: str) -> tuple[Settings, list[str]]:
    raw = yaml.safe_load((CASES / name / "case.yaml").read_text())
    options = dict(raw.get("options") or {})
    if "hip_version" in options:
        options["hip_version"] = Version.parse(str(options["hip_version"]))
    return Settings(**options), [str(v) for v in raw.get("compiles") or []]


def _command(settings: Settings) -> str:
    return f"hipify-py shim tree --output-dir shim --hip-version {settings.hip_version}"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _generate(name: str, table: MappingTable, out: Path, monkeypatch: pytest.MonkeyPatch,
              ) -> list[tuple[str, int, str]]:
    settings, _ = _case(name)
    monkeypatch.chdir(CASES / name)
    outcome = generate_shim(["tree"], _OPTIONS, settings, table, str(out), _command(settings))
    return sorted((d.path, d.line, d.code) for r in outcome.results for d in r.diagnostics
                  if d.severity >= Severity.WARNING)


def _expected_findings(name: str) -> list[tuple[str, int, str]]:
    out = []
    for source in sorted((CASES / name / "tree").rglob("*")):
        if not source.is_file():
            continue
        for number, line in enumerate(source.read_text().splitlines(), 1):
            m = _EXPECT.search(line)
            if m:
                out += [(str(Path("tree") / source.relative_to(CASES / name / "tree")), number,
                         code.strip()) for code in m.group(1).split(",") if code.strip()]
    return sorted(out)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_shim_golden(name: str, table: MappingTable, tmp_path: Path,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    sources_before = _files(CASES / name / "tree")
    findings = _generate(name, table, tmp_path / "a", monkeypatch)
    assert findings == _expected_findings(name)
    produced = _files(tmp_path / "a")
    expected_dir = CASES / name / "shim"
    if os.environ.get("HIPIFY_PY_UPDATE_GOLDEN"):
        shutil.rmtree(expected_dir, ignore_errors=True)
        shutil.copytree(tmp_path / "a", expected_dir)
    assert produced == _files(expected_dir)
    # Deterministic, and the sources stay as they were.
    _generate(name, table, tmp_path / "b", monkeypatch)
    assert _files(tmp_path / "b") == produced
    assert _files(CASES / name / "tree") == sources_before


COMPILE_CASES = [(name, release) for name in CASE_NAMES for release in _case(name)[1]]


@pytest.mark.parametrize(("name", "release"), COMPILE_CASES,
                         ids=[f"{n}-{r}" for n, r in COMPILE_CASES])
def test_unchanged_sources_compile_with_the_shim(name: str, release: str, tmp_path: Path) -> None:
    hipcc, arch = TOOLCHAINS[release]
    if hipcc is None:
        pytest.skip(f"no hipcc for HIP {release} here")
    shutil.copytree(CASES / name / "tree", tmp_path / "tree")
    shutil.copytree(CASES / name / "shim", tmp_path / "shim")
    for source in sorted((tmp_path / "tree").rglob("*.cu")):
        proc = subprocess.run(
            [hipcc, f"--offload-arch={arch}", "-std=c++17", "-x", "hip", "-I", "shim",
             "-include", "cuda_runtime.h", "-c", str(source.relative_to(tmp_path)),
             "-o", os.devnull], cwd=tmp_path, capture_output=True, text=True, timeout=600,
            env={**os.environ, "HIP_PLATFORM": "amd"}, check=False)
        assert proc.returncode == 0, proc.stderr[-3000:]


def test_check_reports_uses_the_shim_does_not_cover_until_regenerated(
        table: MappingTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(CASES / "arity_dispatch" / "tree", tmp_path / "tree")
    monkeypatch.chdir(tmp_path)
    settings = Settings(hip_version=Version.parse("5.2"))
    command = _command(settings)
    generate_shim(["tree"], _OPTIONS, settings, table, "shim", command)

    def errors() -> list[tuple[str, int, str]]:
        outcome = check_shim(["tree"], _OPTIONS, settings, table, "shim", command)
        return sorted((d.path, d.line, d.code) for r in outcome.results for d in r.diagnostics
                      if d.severity is Severity.ERROR)

    assert errors() == []
    source = tmp_path / "tree" / "symbols.cu"
    source.write_text(source.read_text() + "void reset() { cudaDeviceReset(); }\n")
    line = source.read_text().count("\n")
    assert errors() == [(os.path.join("shim", "hipify_shim.h"), 1, "HPY702"),
                        ("tree/symbols.cu", line, "HPY701")]
    generate_shim(["tree"], _OPTIONS, settings, table, "shim", command)
    assert errors() == []
    core = tmp_path / "shim" / "hipify_shim.h"
    core.write_text(core.read_text() + "#define cudaFree free\n")  # edited by hand
    assert errors() == [(os.path.join("shim", "hipify_shim.h"), 1, "HPY702")]


def test_regenerating_removes_only_files_the_shim_wrote(
        table: MappingTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tree").mkdir()
    source = tmp_path / "tree" / "k.cu"
    source.write_text("#include <curand.h>\nvoid f(curandGenerator_t *g) {\n"
                      "  curandCreateGenerator(g, CURAND_RNG_PSEUDO_DEFAULT);\n}\n")
    monkeypatch.chdir(tmp_path)
    settings = Settings(hip_version=Version.parse("7.2"))
    generate_shim(["tree"], _OPTIONS, settings, table, "shim", "cmd")
    assert (tmp_path / "shim" / "curand.h").exists()
    (tmp_path / "shim" / "notes.txt").write_text("mine")
    source.write_text("void f() {}\n")
    generate_shim(["tree"], _OPTIONS, settings, table, "shim", "cmd")
    assert not (tmp_path / "shim" / "curand.h").exists()
    assert (tmp_path / "shim" / "notes.txt").read_text() == "mine"


def test_an_edit_no_alias_can_make_is_reported_with_what_translate_does(
        table: MappingTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings, _ = _case("cannot_express")
    monkeypatch.chdir(CASES / "cannot_express")
    outcome = generate_shim(["tree"], _OPTIONS, settings, table, str(tmp_path / "shim"), "cmd")
    [finding] = [d for r in outcome.results for d in r.diagnostics if d.code == "HPY700"]
    assert finding.line == 5
    assert "renames or guards a definition that becomes a duplicate" in finding.message


def test_build_files_stay_the_projects_cuda_build(table: MappingTable, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "CMakeLists.txt").write_text(
        "project(app LANGUAGES CXX CUDA)\nset(CMAKE_CUDA_ARCHITECTURES 80)\n"
        "add_executable(app k.cu)\n")
    (tmp_path / "tree" / "k.cu").write_text("void f(float **p) { cudaMalloc(p, 4); }\n")
    monkeypatch.chdir(tmp_path)
    outcome = generate_shim(["tree"], _OPTIONS, Settings(), table, "shim", "cmd")
    assert [d for r in outcome.results for d in r.diagnostics if r.path.endswith(".txt")] == []
    assert (tmp_path / "tree" / "CMakeLists.txt").read_text().startswith("project(app LANGUAGES")
