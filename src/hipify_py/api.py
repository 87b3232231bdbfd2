"""hipify-py from Python: the documented, semver-stable surface for build systems and scripts.

Translate text, and get the output and the findings as values:

>>> from hipify_py.api import translate_text
>>> result = translate_text("void sync() { cudaDeviceSynchronize(); }\\n")
>>> print(result.output, end="")
#include <hip/hip_runtime.h>
void sync() { hipDeviceSynchronize(); }
>>> result.changed
True
>>> [(f.code, f.line) for f in result.findings]
[('HPY202', 1)]

What could not be ported is a finding with a stable code, a severity and a suggestion:

>>> result = translate_text("void f(cudaDeviceProp *p) { cudaGraphicsResourceSetMapFlags(0, 0); }\\n")
>>> [(f.code, f.severity.label) for f in result.errors]
[('HPY101', 'error')]

Whole trees take the same options as the command line, and give the report as a value:

>>> import pathlib, tempfile
>>> tree = pathlib.Path(tempfile.mkdtemp())
>>> _ = (tree / "k.cu").write_text("__global__ void k() {}\\nvoid run() { k<<<1, 1>>>(); }\\n")
>>> report = translate_tree([str(tree)], output_dir=str(tree / "hip"), use_cache=False)
>>> report.exit_code()
0
>>> print((tree / "hip" / "k.cu").read_text(), end="")
#include <hip/hip_runtime.h>
__global__ void k() {}
void run() { hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0); }

A project that keeps its CUDA source gets a compatibility folder instead (`shim_tree`, the
`hipify-py shim` command).

Names here follow semantic versioning: `translate_text`, `translate_tree`, `check_tree`,
`shim_tree`, `Translation`, `TreeReport` and the fields they document only change with a major
version.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from hipify_py.reporting.diagnostics import Diagnostic, Severity
from hipify_py.results import FileResult, FileStatus
from hipify_py.settings import DEFAULT_CUDA_VERSION, Settings, Version

__all__ = ["Translation", "TreeReport", "check_tree", "shim_tree", "translate_text",
           "translate_tree"]


@dataclass(frozen=True, slots=True)
class Translation:
    """One translated text. `output` is a str when the input was a str, else bytes."""

    output: str | bytes
    findings: tuple[Diagnostic, ...]
    changed: bool
    # hipify_supplied.h for this text, where it uses what the target HIP lacks (the output
    # includes it by that name); None: nothing to supply. Same type as `output`.
    supplied_header: str | bytes | None = None

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """The findings of severity error: what will not build or behave the same on AMD."""
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)


@dataclass(frozen=True, slots=True)
class TreeReport:
    """A whole run: every file's result, and the exit code the command line would give."""

    files: tuple[FileResult, ...]
    findings: tuple[Diagnostic, ...]

    def exit_code(self, fail_on: str = "error") -> int:
        """0 when no finding reaches `fail_on` ("error", "warning", "note" or "none") and every
        file was read; else 1, as `hipify-py check --fail-on`."""
        order = {"note": 0, "warning": 1, "error": 2}
        if any(f.status is FileStatus.FAILED for f in self.files):
            return 1
        if fail_on == "none":
            return 0
        level = order[fail_on]
        return int(any(order[d.severity.label] >= level for d in self.findings))


def _settings(hip_version: str | None, cuda_version: str | None, roc: bool,
              keep_launch_syntax: bool) -> Settings:
    return Settings(
        roc=roc,
        hip_version=Version.parse(hip_version) if hip_version else None,
        cuda_version=Version.parse(cuda_version or DEFAULT_CUDA_VERSION),
        keep_launch_syntax=keep_launch_syntax,
    )


def translate_text(
    source: str | bytes,
    *,
    path: str = "input.cu",
    hip_version: str | None = None,
    cuda_version: str | None = None,
    roc: bool = False,
    keep_launch_syntax: bool = False,
) -> Translation:
    """Translate CUDA source text. `path` names it in findings and decides how it is read
    (`.cu`, `.cpp`, a Makefile...); `hip_version` caps the HIP names emitted (None: the newest);
    `cuda_version` is the CUDA release the code is written for (default 13.0)."""
    from hipify_py.port.dispatch import port_source
    from hipify_py.tables.mappings import load_mapping_table
    from hipify_py.tables.supplied import render_header

    data = source.encode("utf-8", "surrogateescape") if isinstance(source, str) else source
    settings = _settings(hip_version, cuda_version, roc, keep_launch_syntax)
    table = load_mapping_table()
    result = port_source(data, path, table, settings)
    out = result.output if result.output is not None else data
    header = render_header(result.supplied, table.supplied) if result.supplied else None
    if isinstance(source, str):
        return Translation(out.decode("utf-8", "surrogateescape"), result.diagnostics,
                           result.changed, header.decode() if header is not None else None)
    return Translation(out, result.diagnostics, result.changed, header)


def translate_tree(
    paths: Sequence[str],
    *,
    output_dir: str | None = None,
    in_place: bool = False,
    hip_version: str | None = None,
    cuda_version: str | None = None,
    roc: bool = False,
    keep_launch_syntax: bool = False,
    exclude: Sequence[str] = (),
    jobs: int | None = None,
    use_cache: bool = True,
) -> TreeReport:
    """Translate files and folders as `hipify-py translate` does: into `output_dir` (the whole
    tree, mirrored), or `in_place` (with .orig backups); with neither, only check."""
    from hipify_py.port.run_values import OutputMode, RunOptions
    from hipify_py.port.runner import run
    from hipify_py.tables.mappings import load_mapping_table

    if output_dir and in_place:
        raise ValueError("choose output_dir or in_place, not both")
    mode = (OutputMode.OUTPUT_DIR if output_dir else OutputMode.IN_PLACE if in_place
            else OutputMode.CHECK)
    options = RunOptions(mode=mode, output_dir=os.fspath(output_dir) if output_dir else None,
                         jobs=jobs, use_cache=use_cache, exclude=tuple(exclude))
    settings = _settings(hip_version, cuda_version, roc, keep_launch_syntax)
    outcome = run(list(paths), options, settings, load_mapping_table())
    findings = tuple(d for r in outcome.results for d in r.diagnostics)
    return TreeReport(outcome.results, findings)


def check_tree(
    paths: Sequence[str],
    *,
    hip_version: str | None = None,
    cuda_version: str | None = None,
    roc: bool = False,
    exclude: Sequence[str] = (),
    jobs: int | None = None,
    use_cache: bool = True,
) -> TreeReport:
    """Report what would not port; write nothing (`hipify-py check`)."""
    return translate_tree(paths, hip_version=hip_version, cuda_version=cuda_version, roc=roc,
                          exclude=exclude, jobs=jobs, use_cache=use_cache)


def shim_tree(
    paths: Sequence[str],
    output_dir: str,
    *,
    hip_version: str | None = None,
    cuda_version: str | None = None,
    roc: bool = False,
    exclude: Sequence[str] = (),
    jobs: int | None = None,
    use_cache: bool = True,
    check: bool = False,
) -> TreeReport:
    """Write the compatibility folder `output_dir` for the CUDA tree (`hipify-py shim`): the
    unchanged sources then compile with `hipcc -x hip -I output_dir -include cuda_runtime.h`.
    With `check`, write nothing and report what the folder does not cover or would change
    (`hipify-py check --shim`)."""
    import shlex

    from hipify_py.port.run_values import RunOptions
    from hipify_py.port.shim_folder import check_shim, generate_shim
    from hipify_py.tables.mappings import load_mapping_table

    options = RunOptions(jobs=jobs, use_cache=use_cache, exclude=tuple(exclude))
    settings = _settings(hip_version, cuda_version, roc, keep_launch_syntax=True)
    versions = [f for flag, value in (("--hip-version", hip_version),
                                      ("--cuda-version", cuda_version)) if value
                for f in (flag, value)]
    command = shlex.join(["hipify-py", "shim", *paths, "--output-dir", os.fspath(output_dir),
                          *(["--roc"] if roc else []), *versions])
    act = check_shim if check else generate_shim
    outcome = act(list(paths), options, settings, load_mapping_table(), os.fspath(output_dir),
                  command)
    findings = tuple(d for r in outcome.results for d in r.diagnostics)
    return TreeReport(outcome.results, findings)
