"""Build files: which files are Makefiles, and a translated Makefile project that builds with
plain `make` and the installed hipcc. (The flag table itself: tests/golden/buildfiles.)"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hipify_py.buildfiles import is_build_file
from hipify_py.port.run_values import OutputMode, RunOptions
from hipify_py.port.runner import run
from hipify_py.settings import Settings, Version
from hipify_py.tables.mapping_model import MappingTable

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.mark.parametrize(("name", "expected"), [
    ("Makefile", True), ("makefile", True), ("GNUmakefile", True), ("rules.mk", True),
    ("Makefile.nvidia", True), ("make.config", True), ("common.make", True),
    ("kernel.cu", False), ("makefile_notes.txt", False), ("CMakeCache.txt", False),
])
def test_build_files_are_known_by_name(name: str, expected: bool) -> None:
    assert is_build_file(f"project/{name}") is expected


def test_no_build_files_copies_a_makefile_unchanged(tmp_path: Path, table: MappingTable) -> None:
    src = tmp_path / "in"
    src.mkdir()
    makefile = b"all:\n\tnvcc -arch=sm_80 k.cu -o k -lcudart\n"
    (src / "Makefile").write_bytes(makefile)
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False)
    run([str(src)], options, Settings(port_build_files=False), table)
    assert (out / "Makefile").read_bytes() == makefile
    run([str(src)], options, Settings(), table)
    assert (out / "Makefile").read_bytes() == (
        b"all:\n\thipcc --offload-arch=gfx90a --offload-arch=gfx942 k.cu -o k -lamdhip64\n")


def test_a_translated_makefile_project_builds_with_make_and_hipcc(tmp_path: Path,
                                                                   table: MappingTable) -> None:
    hipcc = shutil.which("hipcc")
    if hipcc is None or shutil.which("make") is None:
        pytest.skip("no hipcc or make here")
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False)
    settings = Settings(hip_version=Version.parse("5.2"))  # Debian's hipcc: gfx942 unknown
    run([str(EXAMPLES)], options, settings, table)
    build = subprocess.run(["make"], cwd=out / "vector_add", capture_output=True, text=True,
                           timeout=600, env=dict(os.environ, HIP_PLATFORM="amd"), check=False)
    assert build.returncode == 0, build.stdout + build.stderr
    assert (out / "vector_add" / "vector_add").is_file()


@pytest.mark.parametrize("name", ["CMakeLists.txt", "FindThing.cmake", "cuda.cmake"])
def test_cmake_files_are_build_files(name: str) -> None:
    assert is_build_file(f"project/{name}")


def test_a_translated_cmake_project_configures_and_builds_with_hipcc(
        tmp_path: Path, table: MappingTable) -> None:
    """examples/cmake_project (a kernel library, an executable, cuRAND, architectures, nvcc
    flags), ported in the default (cxx) style, with Debian's cmake and hipcc (ROCm 5.2)."""
    hipcc, cmake = shutil.which("hipcc"), shutil.which("cmake")
    if hipcc is None or cmake is None or not Path("/usr/include/hiprand/hiprand.h").exists():
        pytest.skip("no hipcc, cmake or hipRAND here")
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False)
    run([str(EXAMPLES / "cmake_project")], options, Settings(hip_version=Version.parse("5.2")),
        table)
    env = dict(os.environ, HIP_PLATFORM="amd", CXX=hipcc)
    for argv in ([cmake, "-S", str(out), "-B", str(tmp_path / "build")],
                 [cmake, "--build", str(tmp_path / "build")]):
        step = subprocess.run(argv, capture_output=True, text=True, timeout=900, env=env,
                              check=False)
        assert step.returncode == 0, step.stdout[-3000:] + step.stderr[-3000:]
    assert (tmp_path / "build" / "app" / "noise_stats").is_file()
    flags = (tmp_path / "build" / "src" / "CMakeFiles" / "stats.dir" / "flags.make").read_text()
    assert "--offload-arch=gfx90a" in flags and "-x hip" in flags
