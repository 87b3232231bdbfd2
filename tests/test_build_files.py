"""Build files: which files are Makefiles, and a translated Makefile project that builds with
plain `make` and the installed hipcc. (The flag table itself: tests/golden/buildfiles.)"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hipify_py.buildfiles import is_build_file
from hipify_py.mapping_model import MappingTable
from hipify_py.runner import OutputMode, RunOptions, run
from hipify_py.settings import Settings, Version

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.mark.parametrize(("name", "expected"), [
    ("Makefile", True), ("makefile", True), ("GNUmakefile", True), ("rules.mk", True),
    ("Makefile.nvidia", True), ("make.config", True), ("common.make", True),
    ("kernel.cu", False), ("CMakeLists.txt", False), ("makefile_notes.txt", False),
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
