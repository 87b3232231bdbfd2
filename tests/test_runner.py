"""Whole runs through runner.run(): discovery, outputs, local headers, cache, build info, and
hostile trees. (CLI behaviour is in test_cli.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hipify_py.port import result_cache
from hipify_py.port.build_info import BuildInfoError, parse_flags
from hipify_py.port.discovery import discover
from hipify_py.port.run_values import OutputMode, RunOptions, RunOutcome
from hipify_py.port.runner import run
from hipify_py.results import FileResult, FileStatus
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable

KERNEL_HEADER = b"#pragma once\n__global__ void scale(float* p) { p[threadIdx.x] *= 2; }\n"
MAIN = b"""#include "kernels.cuh"
#include "util/helpers.h"
int main() {
  float* p;
  cudaMalloc(&p, 64);
  scale<<<1, 16>>>(p);
  cudaFree(p);
  return helper();
}
"""
HELPERS = b"#pragma once\ninline int helper() { return 0; }\n"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    src = tmp_path / "src"
    (src / "util").mkdir(parents=True)
    (src / "main.cu").write_bytes(MAIN)
    (src / "kernels.cuh").write_bytes(KERNEL_HEADER)
    (src / "util" / "helpers.h").write_bytes(HELPERS)
    (src / "notes.txt").write_text("not a source\n")
    (src / ".git").mkdir()
    (src / ".git" / "x.cu").write_text("cudaMalloc")
    (src / "build").mkdir()
    (src / "build" / "gen.cu").write_text("cudaMalloc")
    monkeypatch.chdir(tmp_path)
    return src


def _run(paths: list[str], table: MappingTable, settings: Settings | None = None,
         **options: object) -> RunOutcome:
    return run(paths, RunOptions(**options), settings or Settings(), table)  # type: ignore[arg-type]


def _by_path(outcome: RunOutcome) -> dict[str, FileResult]:
    return {r.path: r for r in outcome.results}


# --- discovery -----------------------------------------------------------------------------
def test_discovery_takes_sources_and_skips_vcs_and_build_dirs(tree: Path) -> None:
    found = discover(["src"])
    assert [s.path for s in found.sources] == ["src/kernels.cuh", "src/main.cu",
                                               "src/util/helpers.h"]
    assert not found.problems


def test_discovery_globs_and_explicit_files(tree: Path) -> None:
    assert [s.path for s in discover(["src"], include=["*.cu"]).sources] == ["src/main.cu"]
    assert [s.path for s in discover(["src"], exclude=["util/"]).sources] == [
        "src/kernels.cuh", "src/main.cu"]
    # A file named explicitly is taken whatever its extension.
    assert [s.path for s in discover(["src/notes.txt"]).sources] == ["src/notes.txt"]


def test_discovery_does_not_walk_into_the_output_dir(tree: Path) -> None:
    (tree / "hip").mkdir()
    (tree / "hip" / "old.cu").write_text("x")
    assert "src/hip/old.cu" not in [s.path for s in discover(["src"], excluded_dirs=["src/hip"]).sources]


def test_symlink_loops_are_reported_and_the_walk_goes_on(tree: Path) -> None:
    os.symlink("..", tree / "util" / "up")
    os.symlink("self.cu", tree / "self.cu")
    found = discover(["src"])
    codes = sorted((r.path, r.diagnostics[0].code) for r in found.problems)
    assert codes == [("src/self.cu", "HPY905"), ("src/util/up", "HPY905")]
    assert "src/main.cu" in [s.path for s in found.sources]


# --- outputs -------------------------------------------------------------------------------
def test_output_dir_mirrors_tree_with_local_headers(tree: Path, table: MappingTable) -> None:
    outcome = _run(["src/main.cu"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    # The headers main.cu includes come along, at the same relative places.
    assert sorted(outcome.destinations.values()) == [
        "hip/src/kernels.cuh", "hip/src/main.cu", "hip/src/util/helpers.h"]
    out = Path("hip/src/main.cu").read_bytes()
    assert b"hipMalloc" in out and b'#include "kernels.cuh"' in out
    assert b"hipLaunchKernelGGL(scale" in out
    assert Path("hip/src/util/helpers.h").read_bytes() == HELPERS  # copied unchanged


PROJECT_HELPER = b"""#pragma once
#include <cstdio>
#define checkCudaErrors(call) do { cudaError_t e = (call); if (e) std::printf("%d", e); } while (0)
"""
SAMPLE = b"""#include <helper_cuda.h>
#include "helper_math.h"
#include <vector_types.h>
int main() {
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
"""


def test_project_headers_found_by_name_are_user_code(tmp_path: Path, table: MappingTable,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """cuda-samples style: helpers in common/, included by bare name with no -I given. The
    includes stay, the helpers are translated, and CUDA's own header names still map."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tree" / "common").mkdir(parents=True)
    (tmp_path / "tree" / "app").mkdir()
    (tmp_path / "tree" / "common" / "helper_cuda.h").write_bytes(PROJECT_HELPER)
    (tmp_path / "tree" / "common" / "helper_math.h").write_bytes(b"#pragma once\n")
    (tmp_path / "tree" / "app" / "main.cu").write_bytes(SAMPLE)
    for mode_options in ({"mode": OutputMode.OUTPUT_DIR, "output_dir": "hip"},
                         {"mode": OutputMode.OUTPUT_DIR, "output_dir": "hip2",
                          "rename_extensions": True}):
        _run(["tree"], table, use_cache=False, **mode_options)
    main = Path("hip/app/main.cu").read_bytes()
    assert b"#include <helper_cuda.h>" in main and b'#include "helper_math.h"' in main
    assert b"<hip/hip_vector_types.h>" in main and b"hipDeviceSynchronize" in main
    assert b"hipError_t" in Path("hip/common/helper_cuda.h").read_bytes()
    # A header of the tree that happens to share a name with a CUDA header is not used for a
    # bare include of that CUDA header unless the search path reaches it.
    (tmp_path / "tree" / "common" / "vector_types.h").write_bytes(b"#pragma once\n")
    _run(["tree"], table, use_cache=False, mode=OutputMode.OUTPUT_DIR, output_dir="hip3")
    assert b"<hip/hip_vector_types.h>" in Path("hip3/app/main.cu").read_bytes()


def test_includes_resolve_as_the_preprocessor_does(tmp_path: Path, table: MappingTable) -> None:
    """"..." searches the including file's folder first, <...> only the search paths; the
    guesses past the search paths never take a CUDA header's name or the including file."""
    from hipify_py.port.local_headers import HeaderIndex, local_resolver

    vendors, common, inc = tmp_path / "vendors", tmp_path / "common", tmp_path / "inc"
    for folder in (vendors, common, inc):
        folder.mkdir()
    for path in (vendors / "cuda.h", vendors / "local.h", common / "helper.h", inc / "cuda.h",
                 inc / "helper.h", common / "only.h"):
        path.write_bytes(b"#pragma once\n")
    files = [str(p) for p in tmp_path.rglob("*.h")]
    index = HeaderIndex(files)
    resolve = local_resolver(str(vendors / "cuda.h"), (), index, table.is_cuda_header)
    assert resolve("cuda.h", True) is None  # CUDA's header, not this file
    assert resolve("cuda.h", False) == str(vendors / "cuda.h")  # "...": its own folder first
    assert resolve("local.h", True) == str(vendors / "local.h")  # no -I given: as `-I.` would
    assert resolve("only.h", True) == str(common / "only.h")  # the one file of that name
    assert resolve("helper.h", True) is None  # two of that name: none is guessed
    # A search path: <...> finds what it holds, first; "..." the including folder before it.
    resolve = local_resolver(str(common / "main.cu"), (str(inc),), index, table.is_cuda_header)
    assert resolve("helper.h", True) == str(inc / "helper.h")
    assert resolve("helper.h", False) == str(common / "helper.h")
    assert resolve("cuda.h", True) == str(inc / "cuda.h")
    # The unique-name guess never gives the including file itself.
    resolve = local_resolver(str(common / "only.h"), (), index, table.is_cuda_header)
    assert resolve("../common/only.h", True) is None and resolve("only.h", True) is None


def test_vector_types_of_a_project_header_are_not_cuda(tmp_path: Path, table: MappingTable,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A host source whose uchar4 comes from the project's own header is not CUDA: no
    hip_runtime.h (its uchar4 would clash with the header's). A .cpp that uses CUDA's uchar4
    still gets it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "image.h").write_bytes(
        b"#pragma once\ntypedef struct { unsigned char x, y, z, w; } uchar4;\n")
    viewer = b'#include "image.h"\nuchar4 first(const uchar4 *p) { return p[0]; }\n'
    (tmp_path / "tree" / "viewer.cpp").write_bytes(viewer)
    (tmp_path / "tree" / "kernel.cpp").write_bytes(b"uchar4 pack(int v) { return make_uchar4(v, v, v, v); }\n")
    _run(["tree"], table, use_cache=False, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    assert Path("hip/viewer.cpp").read_bytes() == viewer
    assert b"hip/hip_runtime.h" in Path("hip/kernel.cpp").read_bytes()


SHARED_HEADER = b"""#ifndef COMMON_H
#define COMMON_H
#include <stdio.h>
#define CHECK(call) do { cudaError_t e = (call); if (e) printf("%s", cudaGetErrorString(e)); } while (0)
int plain_sum(const int *v, int n);
#endif
"""


def test_header_shared_with_host_c_gets_hip_runtime_for_hipcc_only(tmp_path: Path, table: MappingTable,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A header that a host-only C file also includes keeps building with gcc: its HIP runtime
    include is for hipcc only (HPY203)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "common.h").write_bytes(SHARED_HEADER)
    (tmp_path / "tree" / "sum.c").write_bytes(
        b'#include "common.h"\nint plain_sum(const int *v, int n) { int s = 0; '
        b"while (n--) s += v[n]; return s; }\n")
    (tmp_path / "tree" / "main.cu").write_bytes(
        b'#include "common.h"\nint main() { CHECK(cudaDeviceSynchronize()); return 0; }\n')
    outcome = _run(["tree"], table, use_cache=False, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    header = Path("hip/common.h").read_bytes()
    assert b"#ifdef __HIPCC__\n#include <hip/hip_runtime.h>\n#endif\n" in header
    assert b"hipGetErrorString" in header
    codes = {d.code for r in outcome.results for d in r.diagnostics if r.path.endswith("common.h")}
    assert "HPY203" in codes
    assert Path("hip/sum.c").read_bytes() == (tmp_path / "tree" / "sum.c").read_bytes()


def test_changed_only_skips_unchanged_files(tree: Path, table: MappingTable) -> None:
    _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip", changed_only=True)
    assert sorted(str(p.relative_to("hip")) for p in Path("hip").rglob("*") if p.is_file()) == [
        "kernels.cuh", "main.cu"]


def test_rename_extensions_rewrites_includes(tree: Path, table: MappingTable) -> None:
    outcome = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip",
                   rename_extensions=True)
    assert sorted(outcome.destinations.values()) == [
        "hip/kernels.hip.h", "hip/main.hip", "hip/util/helpers.h"]
    main = Path("hip/main.hip").read_bytes()
    assert b'#include "kernels.hip.h"' in main and b'#include "util/helpers.h"' in main


def test_write_if_changed_keeps_mtime(tree: Path, table: MappingTable) -> None:
    _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    before = {p: p.stat().st_mtime_ns for p in Path("hip").rglob("*") if p.is_file()}
    time.sleep(0.01)
    outcome = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    assert outcome.written == 0
    assert {p: p.stat().st_mtime_ns for p in before} == before
    assert not [p for p in Path("hip").rglob(".hipify-py-*")]  # no temporary files left


def test_in_place_keeps_backups_unless_told(tree: Path, table: MappingTable) -> None:
    outcome = _run(["src"], table, mode=OutputMode.IN_PLACE)
    assert outcome.written == 2
    assert (tree / "main.cu.orig").read_bytes() == MAIN
    assert b"hipMalloc" in (tree / "main.cu").read_bytes()
    assert not (tree / "util" / "helpers.h.orig").exists()  # unchanged: no write, no backup
    (tree / "other.cu").write_bytes(b"void f() { cudaDeviceSynchronize(); }\n")
    _run(["src/other.cu"], table, mode=OutputMode.IN_PLACE, backup=False)
    assert not (tree / "other.cu.orig").exists()
    assert b"hipDeviceSynchronize" in (tree / "other.cu").read_bytes()


def test_sync_check_reports_stale_outputs_and_writes_nothing(tree: Path, table: MappingTable) -> None:
    _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    assert _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip",
                sync_check=True).out_of_date == ()
    (tree / "kernels.cuh").write_bytes(KERNEL_HEADER + b"void more() { cudaFree(0); }\n")
    outcome = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip", sync_check=True)
    assert outcome.out_of_date == ("hip/kernels.cuh",)
    assert b"more" not in Path("hip/kernels.cuh").read_bytes()


def test_unwritable_output_is_reported_per_file(tree: Path, table: MappingTable) -> None:
    Path("hip").write_text("a file where the output directory should be")
    outcome = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    results = _by_path(outcome)
    assert results["src/main.cu"].status is FileStatus.FAILED
    assert "HPY906" in [d.code for d in results["src/main.cu"].diagnostics]


def test_never_writes_through_a_symlink_out_of_the_output_dir(tree: Path, tmp_path: Path,
                                                             table: MappingTable) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    Path("hip").mkdir()
    os.symlink(outside, "hip/util")
    outcome = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip")
    assert not list(outside.iterdir())
    diags = _by_path(outcome)["src/util/helpers.h"].diagnostics
    assert [d.code for d in diags] == ["HPY906"] and "outside" in diags[0].message


# --- hostile inputs ------------------------------------------------------------------------
def test_hostile_files_are_reported_and_the_run_goes_on(tree: Path, table: MappingTable,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tree / "blob.cu").write_bytes(b"\x00\x01\x02binary")
    (tree / "empty.cu").write_bytes(b"")
    os.symlink("missing.cu", tree / "dangling.cu")
    long_name = "x" * 300 + ".cu"
    real_open = open

    def unreadable(path: str, *args: object, **kwargs: object) -> object:
        if str(path).endswith("secret.cu"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

    (tree / "secret.cu").write_text("int x;\n")
    monkeypatch.setattr("hipify_py.port.discovery.open", unreadable, raising=False)  # read_source
    outcome = _run(["src", f"src/{long_name}"], table)
    codes = {r.path: [d.code for d in r.diagnostics] for r in outcome.results}
    assert codes["src/blob.cu"] == ["HPY903"]
    assert codes["src/dangling.cu"] == ["HPY902"]
    assert codes["src/secret.cu"] == ["HPY902"]
    assert codes[f"src/{long_name}"] == ["HPY907"]
    assert _by_path(outcome)["src/empty.cu"].status is FileStatus.UNCHANGED
    assert _by_path(outcome)["src/main.cu"].status is FileStatus.TRANSLATED


def test_file_vanishing_mid_run(tree: Path, table: MappingTable, monkeypatch: pytest.MonkeyPatch) -> None:
    import hipify_py.port.runner as runner

    real = runner.discover

    def discover_then_delete(*args: object, **kwargs: object) -> object:
        found = real(*args, **kwargs)  # type: ignore[arg-type]
        (tree / "kernels.cuh").unlink()
        return found

    monkeypatch.setattr(runner, "discover", discover_then_delete)
    outcome = _run(["src"], table)
    assert [d.code for d in _by_path(outcome)["src/kernels.cuh"].diagnostics] == ["HPY908"]
    assert _by_path(outcome)["src/main.cu"].status is FileStatus.TRANSLATED


# --- speed: pool and cache ------------------------------------------------------------------
def test_pool_and_serial_runs_agree(tree: Path, table: MappingTable) -> None:
    for k in range(12):  # enough bytes to use the process pool
        (tree / f"gen{k}.cu").write_bytes(MAIN.replace(b"main", b"main%d" % k) * 400)
    pooled = _run(["src"], table, jobs=2, use_cache=False)
    serial = _run(["src"], table, jobs=1, use_cache=False)
    assert pooled.results == serial.results


def test_cache_hits_and_invalidation(tree: Path, table: MappingTable,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    first = _run(["src"], table)
    assert first.cache_hits == 0
    again = _run(["src"], table)
    assert again.cache_hits == 3 and again.results == first.results
    assert _run(["src"], table, use_cache=False).cache_hits == 0
    # Settings, mappings, tool and content each change the key.
    assert _run(["src"], table, Settings(roc=True)).cache_hits == 0
    other_table = MappingTable(**{**table.__dict__, "digest": "other"})
    assert _run(["src"], other_table).cache_hits == 0
    with monkeypatch.context() as patched:
        patched.setattr(result_cache, "tool_fingerprint", lambda: "a newer hipify-py")
        assert _run(["src"], table).cache_hits == 0
    (tree / "kernels.cuh").write_bytes(KERNEL_HEADER + b"\n")
    assert _run(["src"], table).cache_hits == 1  # the header and main.cu, which includes it, miss


def test_corrupt_cache_entries_read_as_misses(tree: Path, table: MappingTable) -> None:
    first = _run(["src"], table)
    for entry in [*Path(os.environ["HIPIFY_PY_CACHE_DIR"]).rglob("*.result"),
                  *Path(os.environ["HIPIFY_PY_CACHE_DIR"]).rglob("*.run")]:
        entry.write_bytes(b"torn")
    again = _run(["src"], table)
    assert again.cache_hits == 0 and again.results == first.results


def test_a_planted_or_unsigned_entry_is_never_loaded(tree: Path, table: MappingTable) -> None:
    import pickle

    first = _run(["src"], table)
    marker = Path(os.environ["HIPIFY_PY_CACHE_DIR"]) / "pwned"

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (marker.write_text, ("code ran",))

    entries = [*Path(os.environ["HIPIFY_PY_CACHE_DIR"]).rglob("*.result"),
               *Path(os.environ["HIPIFY_PY_CACHE_DIR"]).rglob("*.run")]
    assert entries
    for entry in entries:
        blob = entry.read_bytes()
        entry.write_bytes(blob[:32] + pickle.dumps(Payload()))  # our tag, someone else's data
    again = _run(["src"], table)
    assert not marker.exists() and again.cache_hits == 0 and again.results == first.results


def test_a_key_others_can_read_disables_the_cache(tree: Path, table: MappingTable) -> None:
    _run(["src"], table)
    key = Path(os.environ["HIPIFY_PY_CACHE_DIR"]) / "key"
    from hipify_py import cache_files

    key.chmod(0o644)
    cache_files._key.cache_clear()
    try:
        assert _run(["src"], table).cache_hits == 0
    finally:
        key.chmod(0o600)
        cache_files._key.cache_clear()


def test_a_flipped_define_in_an_included_header_is_a_miss(tree: Path, table: MappingTable) -> None:
    (tree / "config.h").write_bytes(b"#define USE_GRAPHS 1\n")
    (tree / "graph.cu").write_bytes(b'#include "config.h"\n#if USE_GRAPHS\nvoid g() { cudaGraph_t '
                                    b'graph; }\n#endif\n')
    _run(["src"], table)
    every = _run(["src"], table).cache_hits
    (tree / "config.h").write_bytes(b"#define USE_GRAPHS 0\n")
    assert _run(["src"], table).cache_hits == every - 2  # config.h, and graph.cu through it


def _flip_and_compare(tree: Path, table: MappingTable, flip: Callable[[], object],
                      **options: object) -> None:
    """Run (cache on, output folder: the run record too), change something with flip(), run
    again: what the cache gives is what a run without it gives."""
    settings = Settings(skip_excluded_blocks=True)
    opts = {"mode": OutputMode.OUTPUT_DIR, "output_dir": "out", **options}
    before = _by_path(_run(["src"], table, settings, **opts))
    flip()
    cached = _by_path(_run(["src"], table, settings, **opts))
    fresh = _by_path(_run(["src"], table, settings, use_cache=False, **options))
    assert cached["src/k.cu"].output == fresh["src/k.cu"].output
    assert cached["src/k.cu"].output != before["src/k.cu"].output


_CHOICE = (b"#if USE_PINNED\nvoid f(float **p) { cudaMallocHost(p, 4); }\n"
           b"#else\nvoid f(float **p) { cudaMalloc(p, 4); }\n#endif\n")


@pytest.mark.parametrize("flag", ["-include", "-imacros", "--pre-include"])
def test_a_force_included_header_is_part_of_the_key(tree: Path, table: MappingTable,
                                                    flag: str) -> None:
    """Issue 30: the compile database force-includes a header that decides an #if; after it
    changed, the cached translation was served (per file and whole run)."""
    (tree / "k.cu").write_bytes(_CHOICE)
    Path("cfg").mkdir()
    Path("cfg/force.h").write_text("#define USE_PINNED 1\n")
    Path("build_dir").mkdir()
    Path("build_dir/compile_commands.json").write_text(json.dumps([{
        "directory": str(Path("build_dir").resolve()), "file": "../src/k.cu",
        "arguments": ["nvcc", flag, "../cfg/force.h", "-c", "../src/k.cu"]}]))
    _flip_and_compare(tree, table, lambda: Path("cfg/force.h").write_text("#define USE_PINNED 0\n"),
                      compile_db="build_dir")


def test_a_macro_the_database_defines_is_part_of_the_key(tree: Path, table: MappingTable) -> None:
    (tree / "k.cu").write_bytes(_CHOICE)
    Path("build_dir").mkdir()

    def database(value: int) -> None:
        Path("build_dir/compile_commands.json").write_text(json.dumps([{
            "directory": str(tree), "file": "k.cu",
            "arguments": ["nvcc", f"--define-macro=USE_PINNED={value}", "-c", "k.cu"]}]))
    database(1)
    _flip_and_compare(tree, table, lambda: database(0), compile_db="build_dir")


def test_a_header_created_earlier_on_the_search_path_is_a_miss(tree: Path, table: MappingTable,
                                                               tmp_path: Path) -> None:
    """The include folders decide which config.h is read: one created in a folder searched
    before the one that held it (outside the tree) is a change."""
    (tree / "k.cu").write_bytes(b'#include "config.h"\n' + _CHOICE)
    for folder in ("first", "second"):
        (tmp_path / folder).mkdir()
    (tmp_path / "second" / "config.h").write_text("#define USE_PINNED 1\n")
    settings_dirs = (str(tmp_path / "first"), str(tmp_path / "second"))
    Path("build_dir").mkdir()
    Path("build_dir/compile_commands.json").write_text(json.dumps([{
        "directory": str(tree), "file": "k.cu",
        "arguments": ["nvcc", *(f"-I{d}" for d in settings_dirs), "-c", "k.cu"]}]))
    _flip_and_compare(tree, table,
                      lambda: (tmp_path / "first" / "config.h").write_text("#define USE_PINNED 0\n"),
                      compile_db="build_dir")


def test_a_header_reached_through_angled_includes_is_a_dependency(
        tree: Path, table: MappingTable, tmp_path: Path) -> None:
    (tree / "k.cu").write_bytes(b"#include <outer.h>\n" + _CHOICE)
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "outer.h").write_text("#include <inner.h>\n")
    (tmp_path / "inc" / "inner.h").write_text("#define USE_PINNED 1\n")
    Path("build_dir").mkdir()
    Path("build_dir/compile_commands.json").write_text(json.dumps([{
        "directory": str(tree), "file": "k.cu",
        "arguments": ["nvcc", "-I", str(tmp_path / "inc"), "-c", "k.cu"]}]))
    _flip_and_compare(tree, table,
                      lambda: (tmp_path / "inc" / "inner.h").write_text("#define USE_PINNED 0\n"),
                      compile_db="build_dir")


# --- build information -----------------------------------------------------------------------
def test_compile_database_flags_decide_live_branches(tree: Path, table: MappingTable) -> None:
    (tree / "cfg.cu").write_bytes(
        b"#ifdef USE_CUDA_GRAPHS\nvoid g() { cudaGraph_t graph; }\n#else\nvoid g() { cudaStream_t s; }\n#endif\n"
    )
    db = [{"directory": str(tree), "file": "cfg.cu",
           "command": "nvcc -DUSE_CUDA_GRAPHS -Iinclude -O2 -c cfg.cu -o cfg.o"}]
    Path("build_dir").mkdir()
    Path("build_dir/compile_commands.json").write_text(json.dumps(db))
    settings = Settings(skip_excluded_blocks=True)
    with_db = _by_path(_run(["src/cfg.cu"], table, settings, compile_db="build_dir"))
    without = _by_path(_run(["src/cfg.cu"], table, settings))
    assert b"hipGraph_t" in with_db["src/cfg.cu"].output  # type: ignore[operator]
    assert b"cudaStream_t" in with_db["src/cfg.cu"].output  # type: ignore[operator]
    assert b"cudaGraph_t" in without["src/cfg.cu"].output  # type: ignore[operator]
    assert b"hipStream_t" in without["src/cfg.cu"].output  # type: ignore[operator]


def test_compile_flags_are_filtered_and_made_absolute() -> None:
    flags = parse_flags(["-I", "inc", "-DX=1", "-isystem", "/sys", "-O3", "-std=c++17",
                         "--expt-relaxed-constexpr", "-o", "a.o"], "/work/b")
    assert flags == ("-I/work/b/inc", "-DX=1", "-isystem", "/sys", "-std=c++17")
    # Files read before the source, and nvcc's long spellings.
    flags = parse_flags(["-imacros", "m.h", "--pre-include", "p.h", "--define-macro=A=1",
                         "--include-path", "inc", "--undefine-macro=B", "--system-include=s"],
                        "/work/b")
    assert flags == ("-imacros", "/work/b/m.h", "-include", "/work/b/p.h", "-DA=1",
                     "-I/work/b/inc", "-UB", "-isystem", "/work/b/s")


def test_bad_compile_database_is_a_usage_error(tree: Path, table: MappingTable) -> None:
    Path("db").mkdir()
    Path("db/compile_commands.json").write_text("{not json")
    with pytest.raises(BuildInfoError, match=r"compile_commands\.json"):
        _run(["src"], table, compile_db="db")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd,
                   check=True, capture_output=True)


def test_changed_since_limits_the_run(tree: Path, table: MappingTable) -> None:
    _git(tree.parent, "init", "-q")
    _git(tree.parent, "add", "src")
    _git(tree.parent, "commit", "-qm", "base")
    (tree / "kernels.cuh").write_bytes(KERNEL_HEADER + b"// edited\n")
    (tree / "new.cu").write_bytes(b"void n() { cudaFree(0); }\n")
    outcome = _run(["src"], table, changed_since="HEAD")
    assert [r.path for r in outcome.results] == ["src/kernels.cuh", "src/new.cu"]
    with pytest.raises(BuildInfoError):
        _run(["src"], table, changed_since="no-such-revision")


def test_rename_extensions_for_headers_found_through_includes(tree: Path, table: MappingTable) -> None:
    outcome = _run(["src/main.cu"], table, mode=OutputMode.OUTPUT_DIR, output_dir="hip",
                   rename_extensions=True)
    assert sorted(outcome.destinations.values()) == [
        "hip/src/kernels.hip.h", "hip/src/main.hip", "hip/src/util/helpers.h"]
    assert b'#include "kernels.hip.h"' in Path("hip/src/main.hip").read_bytes()


def test_two_concurrent_runs_share_the_cache_safely(tree: Path, tmp_path: Path) -> None:
    import sys

    for k in range(30):
        (tree / f"gen{k}.cu").write_bytes(MAIN.replace(b"main", b"main%d" % k))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    argv = [sys.executable, "-m", "hipify_py", "check", "src", "--format", "json", "--fail-on", "none"]
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
             for _ in range(2)]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs[0][1]
    first, second = (json.loads(out)["diagnostics"] for out, _ in outputs)
    assert first == second
    again = subprocess.run([sys.executable, "-X", "importtime", *argv[1:]], capture_output=True,
                           env=env, check=True)
    assert json.loads(again.stdout)["diagnostics"] == first
    # Every file a cache hit: neither libclang nor the rules were needed, nor imported.
    assert b"clang.cindex" not in again.stderr and b"hipify_py.engine.rules" not in again.stderr
    assert not list(Path(os.environ["HIPIFY_PY_CACHE_DIR"]).rglob(".hipify-py-*"))


def test_output_to_a_pipe_is_written_into_not_replaced(tmp_path: Path) -> None:
    """`-o /dev/null` or a named pipe: the special file stays what it is (a rename over it would
    replace /dev/null with a regular file for the whole machine)."""
    import stat
    import threading

    from hipify_py.files import write_if_changed

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    assert write_if_changed(str(fifo), b"int x;\n")
    reader.join(timeout=10)
    assert received == [b"int x;\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_rerun_with_nothing_changed_is_served_whole_until_something_changes(
        tree: Path, table: MappingTable, monkeypatch: pytest.MonkeyPatch) -> None:
    from hipify_py.port import runner

    first = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="out")
    output = Path("out") / "main.cu"
    assert output.exists()
    with monkeypatch.context() as patched:  # a served run reads no file and follows no include
        patched.setattr(runner, "host_only_includers", None)
        again = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="out", jobs=1)
    assert again.results == first.results and again.destinations == first.destinations
    assert again.written == 0 and again.copied == 0  # nothing to copy again, as in any re-run
    # An output deleted or edited by hand, a source touched: a normal run puts things right.
    output.unlink()
    assert _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="out").written == 1
    assert output.read_bytes() == first.results[[r.path for r in first.results].index(
        os.path.join("src", "main.cu"))].output
    output.write_bytes(b"edited\n")
    assert _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="out").written == 1
    (tree / "main.cu").write_bytes(MAIN + b"// changed\n")
    changed = _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="out")
    assert changed.written == 1 and output.read_bytes().endswith(b"// changed\n")
    # Another folder's file that is not a source (mirrored) still follows on a served run.
    (tree / "notes.txt").write_text("new notes\n")
    with monkeypatch.context() as patched:
        patched.setattr(runner, "host_only_includers", None)
        _run(["src"], table, mode=OutputMode.OUTPUT_DIR, output_dir="out")
    assert (Path("out") / "notes.txt").read_text() == "new notes\n"


def test_a_header_outside_the_tree_invalidates_a_served_run(tmp_path: Path, table: MappingTable,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "inc").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "inc" / "config.h").write_text("#define SCALE 2\n")
    (tmp_path / "src" / "k.cu").write_text('#include "../inc/config.h"\n'
                                           "void f(float **p) { cudaMalloc(p, SCALE); }\n")
    first = _run(["src"], table)
    (tmp_path / "inc" / "config.h").write_text("#define SCALE 4 /* now */\n")
    again = _run(["src"], table)
    assert again.cache_hits == 0 and again.results == first.results


def test_a_host_source_gets_the_runtime_before_its_own_macros(tmp_path: Path,
                                                              table: MappingTable) -> None:
    """Issue 30, point 2: a host source defines `T` and then includes a header that uses CUDA.
    That header's own hip_runtime.h would come after the macro, so HIP's templates read
    `typename double`: the source gets the runtime first, under __HIPCC__ (a host compiler may
    build it too), as nvcc's implicit include comes first."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "config.h").write_bytes(b"#pragma once\n#define T double\n")
    (src / "kernels.h").write_bytes(b"#pragma once\n__host__ __device__ inline T twice(T x) "
                                    b"{ return 2 * x; }\n")
    (src / "main.cpp").write_bytes(b'#include "config.h"\n#include "kernels.h"\n'
                                   b"int main() { return (int)twice(1.5); }\n")
    (src / "plain.cpp").write_bytes(b'#include "config.h"\nint f() { return 1; }\n')
    out = tmp_path / "out"
    outcome = run([str(src)], RunOptions(mode=OutputMode.OUTPUT_DIR, output_dir=str(out),
                                         use_cache=False), Settings(), table)
    main = (out / "main.cpp").read_bytes()
    assert main.startswith(b"#ifdef __HIPCC__\n#include <hip/hip_runtime.h>\n#endif\n"
                           b'#include "config.h"\n')
    assert (out / "plain.cpp").read_bytes() == (src / "plain.cpp").read_bytes()
    codes = {d.code for r in outcome.results if r.path.endswith("main.cpp") for d in r.diagnostics}
    assert "HPY203" in codes
    hipcc = os.environ.get("HIPIFY_PY_HIPCC") or "hipcc"
    if subprocess.run(["sh", "-c", f"command -v {hipcc}"], capture_output=True).returncode:
        return  # the text is checked; compiling needs hipcc
    proc = subprocess.run([hipcc, "--offload-arch=gfx90a", "-std=c++17", "-fsyntax-only", "-x",
                           "hip", "main.cpp"], cwd=out, capture_output=True, text=True,
                          env={**os.environ, "HIP_PLATFORM": "amd"}, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
