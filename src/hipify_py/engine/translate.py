"""Translate one CUDA source: bytes in, bytes out, plus located diagnostics and statistics.

translate_source() is pure (given bytes, returns a FileResult) and never raises for bad input.
It is two steps, so that a reader of the engine's work (the shim's needs) can stand between
them: plan_source() runs the rules (edits, findings, references: a SourcePlan), apply_plan()
turns a plan into the FileResult. file_result() is the tail every kind of file shares (edits
planned and applied, findings located and filtered), which a build file's porter goes through
too. Reading files, and deciding which porter a file goes to, is port/dispatch.py's.
"""

from __future__ import annotations

import os
import re
import stat
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from hipify_py.engine.edits import Edit, apply_edits, plan_edits
from hipify_py.engine.parsing import parse_source
from hipify_py.engine.rules import RULES, Context, Reference, Rule, Supply
from hipify_py.engine.rules.includes import include_supplied
from hipify_py.reporting.diagnostics import Diagnostic, Finding, LineIndex, Severity, locate
from hipify_py.results import FileResult, FileStats, FileStatus
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable
from hipify_py.tables.supplied import is_supplied_header

_SUPPRESS = re.compile(rb"hipify-py:\s*ignore(?:\[([A-Za-z0-9_, ]*)\])?")


def translate_source(
    data: bytes,
    path: str,
    table: MappingTable,
    settings: Settings,
    *,
    resolve_local: Callable[[str, bool], str | None] | None = None,
    extra_args: tuple[str, ...] = (),
    rules: tuple[Rule, ...] = RULES,
    host_includer: str | None = None,
    gpu_header: str | None = None,
) -> FileResult:
    """Translate the bytes of one source: plan_source, then apply_plan."""
    plan = plan_source(data, path, table, settings, resolve_local=resolve_local,
                       extra_args=extra_args, rules=rules, host_includer=host_includer,
                       gpu_header=gpu_header)
    return plan if isinstance(plan, FileResult) else apply_plan(plan)


@dataclass(frozen=True, slots=True)
class SourcePlan:
    """One source read and its rules run, nothing applied yet: the edits, findings and
    references they gave, the names to supply, and the context they read. What a reader of
    the engine's work takes (the shim's needs, shim/needs.py), and apply_plan's input."""

    context: Context
    edits: tuple[Edit, ...]
    findings: tuple[Finding, ...]
    references: tuple[Reference, ...]
    supplied: frozenset[str]

    @property
    def data(self) -> bytes:
        return self.context.data


def plan_source(
    data: bytes,
    path: str,
    table: MappingTable,
    settings: Settings,
    *,
    resolve_local: Callable[[str, bool], str | None] | None = None,
    extra_args: tuple[str, ...] = (),
    rules: tuple[Rule, ...] = RULES,
    host_includer: str | None = None,
    gpu_header: str | None = None,
) -> SourcePlan | FileResult:
    """Read one source and run the rules over it. `path` names it in diagnostics and for clang;
    `host_includer` names a host-only source that includes it; `gpu_header`, a header of the
    project showing CUDA that this host-only source includes (see port/local_headers.py).
    A FileResult instead where there is nothing to plan: an empty file, ours, or one that
    cannot be parsed."""
    kept = nothing_to_port(data, path)
    if kept is not None:
        return kept
    blocked = _unreadable_include(data, path, extra_args)
    if blocked is not None:
        return FileResult.problem(path, "HPY913",
                                  f"includes {blocked}, which is not a regular file (a FIFO or "
                                  "device would stall the parser): not parsed",
                                  FileStatus.SKIPPED)
    entries = table.entries
    parsed = parse_source(
        data, path, settings, extra_args=extra_args, is_namespaced_name=entries.__contains__
    )
    if parsed.failed:
        return FileResult.problem(path, "HPY915", "libclang could not parse this file: left as "
                                  "it is, nothing translated", FileStatus.FAILED)

    def find_inactive() -> tuple[tuple[int, int], ...]:
        preprocessed = parse_source(data, path, replace(settings, skip_excluded_blocks=True),
                                    extra_args=extra_args, want_ast=False)
        return preprocessed.skipped_ranges
    ctx = Context(path, parsed, table, settings, resolve_local or (lambda _h, _a: None),
                  host_includer=host_includer, gpu_header=gpu_header, find_inactive=find_inactive)
    edits: list[Edit] = []
    findings: list[Finding] = []
    references: list[Reference] = []
    supplied: set[str] = set()
    for rule in rules:
        for out in rule(ctx):
            if isinstance(out, Edit):
                edits.append(out)
            elif isinstance(out, Finding):
                findings.append(out)
            elif isinstance(out, Supply):
                supplied.add(out.name)
            else:
                references.append(out)
    return SourcePlan(ctx, tuple(edits), tuple(findings), tuple(references), frozenset(supplied))


def apply_plan(plan: SourcePlan, findings: Iterable[Finding] | None = None) -> FileResult:
    """The plan's edits applied (with the include of hipify_supplied.h where it supplies
    names) and its findings located and filtered, as the source's result. `findings`, where
    given, stands for the plan's own (a reader of the plan may drop or add some)."""
    ctx = plan.context
    data, path, settings = plan.data, ctx.path, ctx.settings
    edits = list(plan.edits)
    if plan.supplied:
        edits += include_supplied(ctx)  # type: ignore[arg-type]
    kept = list(plan.findings if findings is None else findings)
    applied = _apply(data, path, edits, kept, settings)
    diagnostics = list(applied.diagnostics)
    if settings.show_clang_diagnostics:
        diagnostics += _filter([
            Diagnostic("HPY910", Severity.NOTE, path, d.line, d.column,
                       f"clang {d.severity}: {d.message}")
            for d in ctx.parsed.clang_diagnostics
        ], data, applied.lines, settings)
    local = tuple(sorted({p for p in (ctx.resolve_local(i.header, i.angled) for i in ctx.syntax.includes)
                          if p}))
    return FileResult(
        path,
        applied.status,
        applied.output,
        _one_per_line(diagnostics),
        _stats(data, applied.output, applied.edits, plan.references, applied.lines),
        local,
        supplied=tuple(sorted(plan.supplied)),
    )


def nothing_to_port(data: bytes, path: str) -> FileResult | None:
    """An empty file, or a hipify_supplied.h of an earlier run (HIP already): left as it is,
    whatever kind of file it is named as. None for any other file."""
    if not data.strip() or is_supplied_header(data):
        return FileResult(path, FileStatus.UNCHANGED, data, stats=_stats(data, data, [], []))
    return None


def file_result(data: bytes, path: str, edits: Iterable[Edit], findings: Iterable[Finding],
                settings: Settings) -> FileResult:
    """A file's edits applied and its findings located, as its result: how a build file's
    porter (buildfiles/) gets from its edits to a FileResult, as a source does."""
    applied = _apply(data, path, list(edits), list(findings), settings)
    return FileResult(path, applied.status, applied.output, _one_per_line(list(applied.diagnostics)),
                      _stats(data, applied.output, applied.edits, [], applied.lines))


class _Applied(NamedTuple):
    """A file's edits applied and its findings located."""

    status: FileStatus
    output: bytes
    edits: tuple[Edit, ...]  # those applied (none after a conflict)
    diagnostics: tuple[Diagnostic, ...]  # located and filtered
    lines: LineIndex


def _apply(data: bytes, path: str, edits: list[Edit], findings: list[Finding],
           settings: Settings) -> _Applied:
    """Plan and apply a file's edits (overlapping edits leave it unchanged, HPY900), and
    locate and filter its findings: the tail every kind of file shares."""
    plan = plan_edits(edits)
    findings = list(findings)
    applied: tuple[Edit, ...] = ()
    if plan.conflicts:
        for conflict in plan.conflicts:
            a, b = conflict.first, conflict.second
            findings.append(
                Finding("HPY900", b.start, max(b.end, b.start),
                        f"edits by {a.rule or '?'} and {b.rule or '?'} overlap at bytes "
                        f"{a.start}-{a.end} and {b.start}-{b.end}; file left unchanged")
            )
        output, status = data, FileStatus.FAILED
    else:
        output = apply_edits(data, plan.edits)
        status = FileStatus.TRANSLATED if output != data else FileStatus.UNCHANGED
        applied = tuple(plan.edits)
    index = LineIndex(data)
    diagnostics = [locate(f, path, index) for f in findings]
    if not _is_utf8(data):
        diagnostics.append(
            Diagnostic("HPY904", Severity.NOTE, path, 1, 1,
                       "file is not valid UTF-8; bytes outside renamed names are kept as they are")
        )
    return _Applied(status, output, applied, tuple(_filter(diagnostics, data, index, settings)),
                    index)

_INCLUDE_NAME = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"\n]+)[>"]', re.M)


def _unreadable_include(data: bytes, path: str, extra_args: tuple[str, ...]) -> str | None:
    """An #include (or -include) naming a FIFO or device: clang would read it forever."""
    folder = os.path.dirname(os.path.abspath(path))
    names = [m.group(1).decode("utf-8", "surrogateescape") for m in _INCLUDE_NAME.finditer(data)]
    names += [extra_args[k + 1] for k, a in enumerate(extra_args[:-1])
              if a in ("-include", "-imacros")]
    for name in names:
        candidate = name if os.path.isabs(name) else os.path.join(folder, name)
        try:
            mode = os.stat(candidate).st_mode
        except (OSError, ValueError):
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            return name
    return None


def _one_per_line(diagnostics: list[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Sorted, with a repeated finding (same code and message) kept once per line: a line that
    names nvcuda::wmma three times is one thing to fix, not three."""
    kept: dict[tuple[str, int, str], Diagnostic] = {}
    for d in sorted(set(diagnostics), key=Diagnostic.sort_key):
        kept.setdefault((d.code, d.line, d.message), d)
    return tuple(kept.values())


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _filter(
    diagnostics: Iterable[Diagnostic], data: bytes, index: LineIndex, settings: Settings
) -> list[Diagnostic]:
    """Drop ignored codes and findings suppressed inline with `hipify-py: ignore[CODE]`
    on the same line or the line above (a bare `hipify-py: ignore` suppresses every code)."""
    suppressed: dict[int, set[str] | None] = {}
    if b"hipify-py:" in data:
        for m in _SUPPRESS.finditer(data):
            line, _ = index.locate(m.start())
            codes = m.group(1)
            wanted = (
                None if codes is None
                else {c.strip().decode() for c in codes.split(b",") if c.strip()}
            )
            for target in (line, line + 1):
                if target in suppressed and suppressed[target] is None:
                    continue
                if wanted is None:
                    suppressed[target] = None
                else:
                    suppressed.setdefault(target, set()).update(wanted)  # type: ignore[union-attr]
    out = []
    for d in diagnostics:
        if d.code in settings.ignored_codes:
            continue
        if d.line in suppressed:
            codes_here = suppressed[d.line]
            if codes_here is None or d.code in codes_here:
                continue
        out.append(d)
    return out


def _stats(
    data: bytes,
    output: bytes,
    edits: Iterable[Edit],
    references: Iterable[Reference],
    index: LineIndex | None = None,
) -> FileStats:
    index = index or LineIndex(data)
    changed: set[int] = set()
    for edit in edits:
        first, _ = index.locate(edit.start)
        last, _ = index.locate(max(edit.start, edit.end - 1))
        changed.update(range(first, last + 1))
    converted: Counter[tuple[str, str]] = Counter()
    unconverted: Counter[tuple[str, str]] = Counter()
    launches = 0
    for ref in references:
        if ref.family == "launch":
            launches += 1
            continue
        (converted if ref.converted else unconverted)[(ref.family, ref.cuda)] += 1
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    return FileStats(
        lines=lines,
        bytes=len(data),
        changed_lines=len(changed),
        converted=dict(converted),
        unconverted=dict(unconverted),
        kernel_launches=launches,
    )
