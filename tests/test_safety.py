"""Nothing lost, nothing written where it should not be, every file in bounded time: FIFOs and
devices, outputs onto inputs, output collisions, backups that keep the original."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hipify_py.port.outputs import backup
from hipify_py.port.run_values import OutputMode, RunOptions
from hipify_py.port.runner import run
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable

KERNEL = b"__global__ void k() {}\nvoid f() { cudaDeviceSynchronize(); }\n"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hipify_py", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, check=False)


def test_fifos_and_devices_are_reported_not_read(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_bytes(KERNEL)
    os.mkfifo(tmp_path / "src" / "pipe.cu")
    os.symlink("/dev/zero", tmp_path / "src" / "zeros.cu")
    done = _cli("translate", "src", "-O", "out", "--no-cache", cwd=tmp_path)  # would hang
    assert "pipe.cu:1:1: HPY913" in done.stdout and "zeros.cu:1:1: HPY913" in done.stdout
    assert b"hipDeviceSynchronize" in (tmp_path / "out" / "k.cu").read_bytes()
    assert not (tmp_path / "out" / "pipe.cu").exists()


@pytest.mark.parametrize("args", [
    ("translate", "src/k.cu", "-o", "src/k.cu"),
    ("translate", "src", "--output-dir", "src"),
    ("translate", "src", "--output-dir", "src/."),
])
def test_an_output_that_is_the_input_is_refused(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_bytes(KERNEL)
    done = _cli(*args, cwd=tmp_path)
    assert done.returncode == 2 and "input" in done.stderr
    assert (tmp_path / "src" / "k.cu").read_bytes() == KERNEL


def test_an_output_folder_inside_the_input_never_replaces_project_files(tmp_path: Path) -> None:
    (tmp_path / "src" / "sub").mkdir(parents=True)
    (tmp_path / "src" / "k.cu").write_bytes(KERNEL)
    (tmp_path / "src" / "sub" / "k.cu").write_bytes(b"int real_source;\n")
    refused = _cli("translate", "src", "-O", "src/sub", "--no-cache", cwd=tmp_path)
    assert refused.returncode == 2
    assert (tmp_path / "src" / "sub" / "k.cu").read_bytes() == b"int real_source;\n"
    first = _cli("translate", "src", "-O", "src/hip", "--no-cache", cwd=tmp_path)
    again = _cli("translate", "src", "-O", "src/hip", "--no-cache", cwd=tmp_path)
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert not (tmp_path / "src" / "hip" / "hip").exists()  # the output is not walked


def test_two_inputs_with_one_output_path_are_both_refused(tmp_path: Path,
                                                          table: MappingTable) -> None:
    for tree in ("a", "b"):
        (tmp_path / tree).mkdir()
        (tmp_path / tree / "k.cu").write_bytes(KERNEL + tree.encode() + b"\n")
        (tmp_path / tree / "NOTES").write_text(tree)
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False)
    outcome = run([str(tmp_path / "a"), str(tmp_path / "b")], options, Settings(), table)
    clashes = {Path(r.path).parent.name + "/" + Path(r.path).name for r in outcome.results
               if any(d.code == "HPY914" for d in r.diagnostics)}
    assert {"a/k.cu", "b/k.cu", "b/NOTES"} <= clashes
    assert not (out / "k.cu").exists()
    assert (out / "NOTES").read_text() == "a"  # the first copy stays; the second is refused


def test_renamed_header_clashing_with_an_existing_one_is_refused(tmp_path: Path,
                                                                 table: MappingTable) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.cuh").write_bytes(b"__device__ int twice(int x) { return 2 * x; }\n")
    (src / "a.hip.h").write_bytes(b"// hand-written HIP header\n")
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False,
                         rename_extensions=True)
    outcome = run([str(src)], options, Settings(), table)
    assert any(d.code == "HPY914" for r in outcome.results for d in r.diagnostics)
    assert not (out / "a.hip.h").exists() or (out / "a.hip.h").read_bytes() == (
        src / "a.hip.h").read_bytes()


def test_the_first_backup_is_never_replaced(tmp_path: Path) -> None:
    source = tmp_path / "k.cu"
    source.write_bytes(b"original\n")
    assert backup(str(source)) == str(source) + ".orig"
    source.write_bytes(b"edited after the first run\n")
    assert backup(str(source)) == str(source) + ".orig.1"
    assert backup(str(source)) == str(source) + ".orig.1"  # the same bytes: no third copy
    assert (tmp_path / "k.cu.orig").read_bytes() == b"original\n"


def test_a_copy_never_replaces_a_translation(tmp_path: Path, table: MappingTable) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(KERNEL)
    (src / "k.hip").write_bytes(b"// an older hand port\n")
    out = tmp_path / "out"
    options = RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out), use_cache=False,
                         rename_extensions=True)
    outcome = run([str(src)], options, Settings(), table)
    assert b"hipDeviceSynchronize" in (out / "k.hip").read_bytes()
    assert any(Path(r.path).name == "k.hip" and d.code == "HPY914"
               for r in outcome.results for d in r.diagnostics)


def test_in_place_rewrites_only_what_was_named(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    notes = b"#!/bin/sh\ncudaMalloc() { :; }\n"
    (tmp_path / "notes.h").write_bytes(notes)
    (tmp_path / "a" / "b" / "x.cu").write_bytes(b'#include "../../notes.h"\n' + KERNEL)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "y.cu").write_bytes(KERNEL)
    os.symlink(outside, tmp_path / "a" / "linked")
    _cli("translate", "a/b/x.cu", "--in-place", "--no-cache", cwd=tmp_path)
    assert (tmp_path / "notes.h").read_bytes() == notes
    assert not (tmp_path / "notes.h.orig").exists()
    assert b"hipDeviceSynchronize" in (tmp_path / "a" / "b" / "x.cu").read_bytes()
    done = _cli("translate", "a", "--in-place", "--no-cache", cwd=tmp_path)
    assert (outside / "y.cu").read_bytes() == KERNEL and "outside the folders named" in done.stdout


def test_a_yaml_alias_bomb_in_a_mapping_file_is_refused_at_once(tmp_path: Path) -> None:
    lines = ["family: x", "entries: {}", "sections:", "  - &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"  - &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    (tmp_path / "bomb.yaml").write_text("\n".join([*lines, "title: *a8", ""]))
    (tmp_path / "k.cu").write_bytes(KERNEL)
    done = _cli("check", "k.cu", "--mappings", "bomb.yaml", cwd=tmp_path)  # was 3 GB, minutes
    assert done.returncode == 2 and "aliases" in done.stderr


def test_a_file_named_like_an_option_is_translated(tmp_path: Path) -> None:
    (tmp_path / "-dash.cu").write_bytes(KERNEL)
    done = _cli("translate", "--no-cache", "--", "-dash.cu", cwd=tmp_path)
    assert "hipDeviceSynchronize" in done.stdout


@pytest.mark.parametrize(("setup", "args", "code"), [
    ({"bd/compile_commands.json": '[{"directory": ".", "file": "k.cu", "arguments": "nvcc"}]'},
     ("check", "k.cu", "-p", "bd"), 2),
    ({"bd/compile_commands.json": '[{"directory": ".", "file": "k.cu", "command": "nvcc \\"-c"}]'},
     ("check", "k.cu", "-p", "bd"), 2),
    ({}, ("check", ".", "--include", "!"), 2),
    ({}, ("check", "k.cu", "--report", "folder"), 2),
    ({}, ("translate", "k.cu", "-o", "k.hip", "--verify-compile", "--hipcc-flags", '"x'), 2),
    ({"pyproject.toml": "[tool]\nhipify-py = 3\n"}, ("check", "k.cu"), 2),
])
def test_usage_errors_exit_2_with_a_message(tmp_path: Path, setup: dict[str, str],
                                            args: tuple[str, ...], code: int) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    (tmp_path / "folder").mkdir()
    for name, text in setup.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    done = _cli(*args, "--no-cache", cwd=tmp_path)
    assert done.returncode == code and "hipify-py: error:" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [
    ("translate", "k.cu", "--stdout", "--no-cache"), ("lookup", "cudaMalloc"),
    ("mappings", "stats"), ("check", "k.cu", "--format", "json", "--no-cache"),
])
def test_a_full_disk_is_an_error_message_not_a_traceback(tmp_path: Path,
                                                         args: tuple[str, ...]) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "hipify_py", *args], cwd=tmp_path,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                              check=False)
    assert done.returncode == 1 and "No space left" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL * 2000)
    reader = subprocess.Popen([sys.executable, "-m", "hipify_py", "translate", "k.cu", "--stdout",
                               "--no-cache"], cwd=tmp_path, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.read(10)
    reader.stdout.close()
    errors = reader.stderr.read().decode()
    reader.wait(timeout=120)
    assert "Traceback" not in errors and "BrokenPipe" not in errors


def test_a_file_libclang_cannot_parse_fails_and_is_not_unchanged(
        table: MappingTable, monkeypatch: pytest.MonkeyPatch) -> None:
    from clang import cindex

    from hipify_py.engine import parsing
    from hipify_py.engine.translate import translate_source
    from hipify_py.results import FileStatus

    class Crashing:
        def parse(self, *args: object, **kwargs: object) -> None:
            raise cindex.TranslationUnitLoadError("crash")

    monkeypatch.setattr(parsing, "_index", lambda: Crashing())
    # No unit kept from an earlier test's k.cu (it would be reparsed, not parsed afresh).
    monkeypatch.setattr(parsing, "_UNITS", parsing._ReusedUnits())
    result = translate_source(KERNEL, "k.cu", table, Settings())
    assert result.status is FileStatus.FAILED
    assert [d.code for d in result.diagnostics] == ["HPY915"]


@pytest.mark.parametrize("mapping", [
    'family: runtime\nentries:\n  cudaMalloc: {hip: ""}\n',
    'family: runtime\nentries:\n  cudaMalloc: {hip: "hip Malloc"}\n',
    'family: headers\nheaders:\n  "cuda.h": {hip: "../../etc/passwd"}\n',
    'family: headers\nheaders:\n  "cuda.h": {hip: "/etc/passwd"}\n',
])
def test_a_mapping_target_that_is_not_a_name_is_refused(tmp_path: Path, mapping: str) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    (tmp_path / "mine.yaml").write_text(mapping)
    done = _cli("check", "k.cu", "--mappings", "mine.yaml", cwd=tmp_path)
    assert done.returncode == 2 and "mine.yaml" in done.stderr


@pytest.mark.parametrize("args", [("-j", "-3"), ("--max-file-size", "-1"), ("-j", "0")])
def test_nonsense_numbers_are_usage_errors(tmp_path: Path, args: tuple[str, str]) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    assert _cli("check", "k.cu", *args, cwd=tmp_path).returncode == 2


def test_a_file_name_that_is_not_utf8_round_trips_through_every_format(tmp_path: Path) -> None:
    with open(os.path.join(os.fsencode(tmp_path), b"k\xff.cu"), "wb") as handle:
        handle.write(KERNEL)
    for args in (("check", ".", "--format", "sarif"), ("check", ".", "--format", "json"),
                 ("check", ".", "--report", "r.html", "--report", "r.md"),
                 ("translate", ".", "-O", "out")):
        done = _cli(*args, "--no-cache", cwd=tmp_path)
        assert done.returncode in (0, 1) and "internal error" not in done.stderr, done.stderr
    assert b"hipDeviceSynchronize" in (Path(os.fsdecode(os.fsencode(tmp_path) + b"/out/k\xff.cu"))
                                      .read_bytes())
    assert (tmp_path / "r.md").is_file() and (tmp_path / "r.html").is_file()


def test_an_include_of_a_device_is_reported_not_read(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_bytes(b'#include "/dev/zero"\n' + KERNEL)
    os.mkfifo(tmp_path / "pipe.h")
    (tmp_path / "p.cu").write_bytes(b'#include "pipe.h"\n' + KERNEL)
    done = _cli("check", "k.cu", "p.cu", "--no-cache", cwd=tmp_path)  # would hang in clang
    assert done.stdout.count("HPY913") == 2


def test_new_outputs_get_the_usual_mode(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    _cli("check", "k.cu", "--report", "r.json", "--no-cache", cwd=tmp_path)
    mask = os.umask(0o022)
    os.umask(mask)
    assert (tmp_path / "r.json").stat().st_mode & 0o777 == 0o666 & ~mask


def test_in_place_cannot_rename(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    assert _cli("translate", "k.cu", "-i", "--rename-extensions", cwd=tmp_path).returncode == 2


@pytest.mark.parametrize("rule", [
    "{action: move_argument, index: 1, value: banana}",
    "{action: move_argument, index: -1, value: to_index=2}",
    "{action: remove_argument, index: 999}",
])
def test_argument_edits_that_make_no_sense_are_refused(tmp_path: Path, rule: str) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    (tmp_path / "mine.yaml").write_text(
        f"family: runtime\nentries:\n  cudaMemcpy: {{hip: hipMemcpy, args: [{rule}]}}\n")
    done = _cli("check", "k.cu", "--mappings", "mine.yaml", cwd=tmp_path)
    assert done.returncode == 2 and "args[0]" in done.stderr

