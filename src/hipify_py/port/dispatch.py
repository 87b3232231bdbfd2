"""Which porter a file goes to: a build file (CMakeLists.txt, *.cmake, a Makefile) to
buildfiles/, any other file to the engine, one CUDA source at a time; for a shim run, the
source's shim needs are read off the engine's plan (shim/needs.py). One file in, one FileResult
out, for the runner's workers and the API alike; never raises for bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hipify_py.buildfiles import is_build_file, port_build_file
from hipify_py.engine.edits import Edit
from hipify_py.engine.translate import apply_plan, file_result, nothing_to_port, plan_source
from hipify_py.port.discovery import DEFAULT_MAX_FILE_SIZE, read_source
from hipify_py.port.local_headers import local_resolver
from hipify_py.reporting.diagnostics import Finding
from hipify_py.results import FileResult
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable


def port_source(
    data: bytes,
    path: str,
    table: MappingTable,
    settings: Settings,
    *,
    resolve_local: Callable[[str, bool], str | None] | None = None,
    extra_args: tuple[str, ...] = (),
    host_includer: str | None = None,
    gpu_header: str | None = None,
    shim: bool = False,
) -> FileResult:
    """Port the bytes of one file. `path` names it in diagnostics and says what it is; the
    keywords are the engine's (translate_source) and matter to a source only. With `shim`, a
    source's result also carries what a compatibility shim must provide for it (its `shim`
    field), and its findings are those that hold where the source stays CUDA."""
    if is_build_file(path):
        return _port_build_file(data, path, table, settings)
    plan = plan_source(data, path, table, settings, resolve_local=resolve_local,
                       extra_args=extra_args, host_includer=host_includer, gpu_header=gpu_header)
    if isinstance(plan, FileResult):
        return plan
    if not shim:
        return apply_plan(plan)
    from hipify_py.shim.needs import read_plan  # (a shim run only)

    needs, findings = read_plan(plan)
    return replace(apply_plan(plan, findings), shim=needs)


def _port_build_file(data: bytes, path: str, table: MappingTable,
                     settings: Settings) -> FileResult:
    """A build file: ported by its porter (or left as it is with --no-build-files)."""
    kept = nothing_to_port(data, path)
    if kept is not None:
        return kept
    edits: list[Edit] = []
    findings: list[Finding] = []
    if settings.port_build_files:
        for out in port_build_file(path, data, table.build_flags, settings):
            (edits if isinstance(out, Edit) else findings).append(out)  # type: ignore[arg-type]
    return file_result(data, path, edits, findings, settings)


def port_file(
    path: str,
    table: MappingTable,
    settings: Settings,
    *,
    display_path: str | None = None,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    extra_args: tuple[str, ...] = (),
    include_dirs: tuple[str, ...] = (),
) -> FileResult:
    """Read and port one file; every failure becomes a reported FileResult.
    `include_dirs` adds folders (e.g. from a compile database) for finding local headers."""
    data = read_source(path, display_path=display_path, max_file_size=max_file_size)
    if isinstance(data, FileResult):
        return data
    return port_source(
        data, display_path or path, table, settings,
        resolve_local=local_resolver(path, (*settings.include_dirs, *include_dirs),
                                     is_cuda_header=table.is_cuda_header),
        extra_args=extra_args,
    )
