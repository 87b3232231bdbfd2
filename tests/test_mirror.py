"""--output-dir mirrors the whole tree: data, scripts and build files beside the translated code."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hipify_py.port.run_values import OutputMode, RunOptions, RunOutcome
from hipify_py.port.runner import run
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable

KERNEL = b"__global__ void k(float *p) { p[0] = 1.0f; }\nint main() { cudaDeviceSynchronize(); }\n"
BLOB = bytes(range(256)) * 40 + b"\r\n\x00\xff"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


def _tree(root: Path) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "src" / "k.cu").write_bytes(KERNEL)
    (root / "data").mkdir()
    (root / "data" / "input.bin").write_bytes(BLOB)
    (root / "README.md").write_bytes("# Ünïcode readme\r\n".encode())
    script = root / "run.sh"
    script.write_bytes(b"#!/bin/sh\n./k\n")
    script.chmod(0o755)
    os.utime(root / "README.md", (1_600_000_000, 1_600_000_000))
    return root


def _mirror(src: Path, out: Path, table: MappingTable, **options: object) -> RunOutcome:
    opts = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False,
                      **options)  # type: ignore[arg-type]
    return run([str(src)], opts, Settings(), table)


def test_every_file_comes_out_byte_exact_with_mode_and_time(tmp_path: Path, table: MappingTable) -> None:
    src, out = _tree(tmp_path / "in"), tmp_path / "out"
    outcome = _mirror(src, out, table)
    assert (out / "data" / "input.bin").read_bytes() == BLOB
    assert (out / "README.md").read_bytes() == (src / "README.md").read_bytes()
    assert os.access(out / "run.sh", os.X_OK)
    assert int((out / "README.md").stat().st_mtime) == 1_600_000_000
    assert b"hipDeviceSynchronize" in (out / "src" / "k.cu").read_bytes()  # translated, not copied
    assert outcome.copied == 3
    again = _mirror(src, out, table)
    assert again.copied == 0  # same size and time: nothing to copy


def test_ignored_excluded_and_build_folders_stay_out(tmp_path: Path, table: MappingTable) -> None:
    src, out = _tree(tmp_path / "in"), tmp_path / "out"
    (src / ".gitignore").write_text("*.log\nscratch/\n")
    (src / "run.log").write_text("noise")
    (src / "scratch").mkdir()
    (src / "scratch" / "tmp.txt").write_text("x")
    (src / "build").mkdir()
    (src / "build" / "k.o").write_bytes(b"\x7fELF")
    (src / ".git").mkdir()
    (src / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (src / "secret.key").write_text("k")
    _mirror(src, out, table, exclude=("*.key",))
    copied = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert copied == [".gitignore", "README.md", "data/input.bin", "run.sh", "src/k.cu"]


def test_links_inside_are_links_and_links_outside_are_reported(tmp_path: Path,
                                                               table: MappingTable) -> None:
    src, out = _tree(tmp_path / "in"), tmp_path / "out"
    (src / "docs").mkdir()
    os.symlink("../README.md", src / "docs" / "README.md")
    os.symlink("../data", src / "docs" / "data")
    os.symlink("/etc/hostname", src / "docs" / "host")
    os.symlink("missing", src / "docs" / "dangling")
    outcome = _mirror(src, out, table)
    assert os.readlink(out / "docs" / "README.md") == "../README.md"
    assert os.readlink(out / "docs" / "data") == "../data"
    assert not os.path.lexists(out / "docs" / "host")
    assert not os.path.lexists(out / "docs" / "dangling")
    reported = {Path(r.path).name for r in outcome.results
                for d in r.diagnostics if d.code == "HPY912"}
    assert reported == {"host", "dangling"}


def test_a_file_that_cannot_be_translated_is_still_mirrored(tmp_path: Path,
                                                            table: MappingTable) -> None:
    src, out = _tree(tmp_path / "in"), tmp_path / "out"
    (src / "src" / "packed.cu").write_bytes(b"\x00\x01binary\x00")
    _mirror(src, out, table)
    assert (out / "src" / "packed.cu").read_bytes() == b"\x00\x01binary\x00"


def test_changed_only_copies_nothing_else_and_check_reports_missing_copies(
        tmp_path: Path, table: MappingTable) -> None:
    src, out = _tree(tmp_path / "in"), tmp_path / "out"
    outcome = _mirror(src, out, table, changed_only=True)
    assert outcome.copied == 0 and not (out / "README.md").exists()
    stale = _mirror(src, out, table, sync_check=True)
    assert str(out / "README.md") in stale.out_of_date
    assert not (out / "README.md").exists()  # a check writes nothing


def test_never_writes_through_a_linked_folder_in_the_output(tmp_path: Path,
                                                            table: MappingTable) -> None:
    src, out, elsewhere = _tree(tmp_path / "in"), tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    os.symlink(elsewhere, out / "data")
    outcome = _mirror(src, out, table)
    assert not (elsewhere / "input.bin").exists()
    assert any(d.code == "HPY906" for r in outcome.results for d in r.diagnostics)
