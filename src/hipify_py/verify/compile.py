"""--verify-compile: compile each translated translation unit with hipcc and report its errors.

Each compiler error becomes a diagnostic on the source line it came from: HPY920 where
hipify-py had already flagged that line (a known gap), HPY921 where it had not (a surprise: a
bug of ours, and the count a user and we watch). Files
are compiled in parallel with -fsyntax-only for a real AMD target; headers are not compiled on
their own (they are compiled through the files that include them).
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from hipify_py.errors import UsageError
from hipify_py.reporting.diagnostics import Diagnostic, Severity
from hipify_py.results import FileResult, FileStatus

COMPILE_CODES = frozenset({"HPY920", "HPY921"})
TRANSLATION_UNIT_SUFFIXES = (".cu", ".hip", ".cpp", ".cc", ".cxx")
DEFAULT_FLAGS = ("--offload-arch=gfx90a", "-std=c++17", "-fsyntax-only", "-x", "hip")
# A compiler error line as clang and gcc print it (file:line:col: error: message).
COMPILER_ERROR = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?:fatal )?error: (?P<msg>.*)$", re.M)


@dataclass(frozen=True, slots=True)
class CompileOutcome:
    path: str  # the file that was compiled
    ok: bool
    errors: tuple[tuple[int, int, str], ...]  # (line, column, message) in the compiled file
    log: str


def find_hipcc() -> str | None:
    return shutil.which("hipcc")


def compile_file(path: str, flags: Sequence[str], *, hipcc: str, include_dirs: Sequence[str] = (),
                 timeout: float = 300) -> CompileOutcome:
    """Compile one HIP file (no output file); never raises."""
    env = {**os.environ, "HIP_PLATFORM": "amd"}  # an nvcc on PATH would make hipcc pick NVIDIA
    command = [hipcc, *flags, *(f"-I{d}" for d in include_dirs), path]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout,
                              errors="replace")
    except (OSError, subprocess.SubprocessError) as exc:
        return CompileOutcome(path, False, ((1, 1, f"could not run hipcc: {exc}"),), str(exc))
    log = proc.stdout + proc.stderr
    name = os.path.basename(path)
    errors: dict[tuple[int, int, str], None] = {}  # host and device passes repeat errors
    for m in COMPILER_ERROR.finditer(log):
        if os.path.basename(m.group("file")) == name:
            errors[(int(m.group("line")), int(m.group("col")), m.group("msg").strip())] = None
    if proc.returncode != 0 and not errors:
        errors[(1, 1, _first_error_line(log) or f"hipcc exited with {proc.returncode}")] = None
    return CompileOutcome(path, proc.returncode == 0 and not errors, tuple(errors), log)


def _first_error_line(log: str) -> str | None:
    for line in log.splitlines():
        if "error" in line:
            return line.strip()
    return None


def verify_results(
    results: Sequence[FileResult],
    destinations: Mapping[str, str],
    *,
    hipcc: str | None = None,
    extra_flags: str | None = None,
    jobs: int | None = None,
) -> tuple[tuple[FileResult, ...], dict[str, str]]:
    """Compile every translated translation unit; return results with HPY920 diagnostics added
    and a compile status per file ("ok", "failed", "skipped: ...")."""
    exe = hipcc or find_hipcc()
    status: dict[str, str] = {}
    if exe is None:
        for r in results:
            status[r.path] = "skipped: hipcc not found"
        return tuple(results), status
    try:
        flags = [*DEFAULT_FLAGS, *shlex.split(extra_flags or "")]
    except ValueError as exc:
        raise UsageError(f"--hipcc-flags: {exc}") from None
    todo: list[tuple[FileResult, str, str | None]] = []
    with tempfile.TemporaryDirectory(prefix="hipify-py-verify-") as scratch:
        for r in results:
            if r.output is None or r.status in (FileStatus.SKIPPED, FileStatus.FAILED):
                status[r.path] = "skipped: not translated"
                continue
            if not r.path.endswith(TRANSLATION_UNIT_SUFFIXES):
                status[r.path] = "skipped: header"
                continue
            target = destinations.get(r.path)
            source_dir = os.path.dirname(os.path.abspath(r.path))
            if target is None or not os.path.exists(target):
                target = os.path.join(scratch, f"{len(todo)}_{Path(r.path).stem}.hip")
                Path(target).write_bytes(r.output)
            todo.append((r, target, source_dir))
        with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
            outcomes = list(pool.map(
                lambda item: compile_file(item[1], flags, hipcc=exe,
                                          include_dirs=[item[2]] if item[2] else []),
                todo,
            ))
    by_path = {r.path: (r, target, outcome) for (r, target, _), outcome in zip(todo, outcomes, strict=True)}
    out: list[FileResult] = []
    for r in results:
        if r.path not in by_path:
            out.append(r)
            continue
        _, target, outcome = by_path[r.path]
        status[r.path] = "ok" if outcome.ok else f"failed ({len(outcome.errors)} errors)"
        if outcome.ok:
            out.append(r)
            continue
        out.append(replace(r, diagnostics=(*r.diagnostics, *_diagnostics(r, outcome))))
    return tuple(out), status


def _diagnostics(result: FileResult, outcome: CompileOutcome) -> list[Diagnostic]:
    """One per compiler error, placed on the source line it came from when that is known:
    HPY920 if a warning or error of ours is on that line, else HPY921 (unpredicted)."""
    line_map = _translated_to_source_lines(result)
    flagged = {d.line: d.code for d in result.diagnostics
               if d.code not in COMPILE_CODES and d.severity is not Severity.NOTE}
    out = []
    for line, column, message in outcome.errors:
        source_line = line_map.get(line)
        where = source_line or line
        known = flagged.get(where) if source_line else None
        marker = f"already flagged by {known}" if known else "not flagged by hipify-py"
        text = f"hipcc: {message} (translated line {line}; {marker})"
        out.append(Diagnostic("HPY920" if known else "HPY921", Severity.ERROR, result.path,
                              where, column if source_line else 1, text))
    return out


def _translated_to_source_lines(result: FileResult) -> dict[int, int]:
    """Translated line number -> source line number, for lines that correspond."""
    try:
        source = Path(result.path).read_bytes()
    except OSError:
        return {}
    return corresponding_lines(source, result.output or b"")


def corresponding_lines(source: bytes, translated: bytes) -> dict[int, int]:
    """Translated line number -> source line number (1-based), for lines that correspond:
    unchanged, or rewritten in place (a replaced run of as many lines)."""
    mapping: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(a=source.splitlines(), b=translated.splitlines(),
                                      autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag in ("equal", "replace") and (a1 - a0) == (b1 - b0):
            for k in range(b1 - b0):
                mapping[b0 + k + 1] = a0 + k + 1
    return mapping
