"""What one file needs from a compatibility shim, read off the edits its translation would make.

The shim keeps the CUDA source unchanged, so every edit `translate` would make must instead be
done by the preprocessor: a renamed name becomes an alias, a call whose arguments change becomes
a forwarding macro, a CUDA header becomes a stand-in, a CUDA feature macro gets a definition.
An edit no macro can make (a renamed overload, a commented-out case label, a struct field that
an older HIP names differently) is reported on its line (HPY700), so the build error never comes
first. Deriving the needs from the edits, not from a second reading of the tables, keeps the
shim and `translate` in step: whatever translate learns, the shim follows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from hipify_py.engine.edits import Edit
from hipify_py.engine.rules.base import Context
from hipify_py.engine.rules.includes import (
    SUPPLIED_LIBCUDACXX_HEADERS,
    about_translated_thrust,
    no_hip_header,
)
from hipify_py.engine.rules.residue import LIBCUDACXX_SUPPLIED, libcudacxx_unported
from hipify_py.engine.translate import SourcePlan
from hipify_py.reporting.diagnostics import Finding, LineIndex
from hipify_py.tables.mapping_model import ApiEntry

_IDENT = re.compile(rb"[A-Za-z_]\w*\Z")
# A standard header nvcc's cuda_runtime.h brings and hip_runtime.h does not (rules/includes.py).
# The other include edits are the stand-ins' work, and -include cuda_runtime.h replaces the
# runtime include translate adds; hipcc takes <<<...>>> launches as they are.
_STANDARD_INCLUDE = re.compile(rb"#include <(\w+)>\r?\n\Z")
# A library's switch to HIP's own types (HIPBLAS_USE_HIP_HALF...), due before its header (HPY204).
_TYPES_DEFINE = re.compile(rb"#ifndef (\w+)\r?\n#define \1\r?\n#endif")
_CALL_RULES = frozenset({"arguments", "warp_sync"})
# The namespaces the identifiers rule renames (cub::, thrust::cuda::, thrust::cuda_cub::); no
# mapped name is spelt like them, so an identifier edit of one is a namespace's.
_NAMESPACES = frozenset({"cub", "cuda", "cuda_cub"})
_BY_CONTEXT = frozenset({"append_argument_of_call", "map_argument_values", "drop_null_argument"})
# What translate does that no alias can, in words for HPY700.
_WHY = {
    "case_labels": "comments out a case label of a value the target HIP lacks",
    "type_clashes": "renames or guards a definition that becomes a duplicate under HIP's types",
    "host_portability": "rewrites host C++ that clang rejects (a name glued to a string "
                        "literal, the register storage class)",
    "struct_members": "renames a struct field that the target HIP spells differently",
}
# Names no definition may alias: rocThrust's own headers test THRUST_DEVICE_SYSTEM_CUDA, and
# defined as THRUST_DEVICE_SYSTEM_HIP it sent them down their CUDA path (Thrust's examples: no
# TU that included a Thrust algorithm compiled). Each use is reported instead.
_NOT_ALIASED = {
    "THRUST_DEVICE_SYSTEM_CUDA": "renames THRUST_DEVICE_SYSTEM_CUDA, which rocThrust's own "
                                 "headers test (a definition would send them down their CUDA path)",
}


class Need(NamedTuple):
    """One thing the shim must provide. kind: alias (name -> target), namespace (cub ->
    hipcub), call (name, target = argument count), value (a use of a function, not a call:
    an alias unless the function also needs a forwarding macro), header (CUDA header -> HIP
    header, "" for one hip_runtime.h covers), macro (a CUDA feature macro; target empty),
    library (a library whose own header names stay, "thrust"), form (a call of a function
    CUDA releases give two forms with its argument count: target "COUNT:old" or "COUNT:new",
    the form its arguments show), supplied (a function the target HIP lacks, from
    hipify_supplied.h; target empty), standard (a C++ header nvcc's cuda_runtime.h includes
    and hip_runtime.h does not) or define (a library's switch to HIP's own types,
    HIPBLAS_USE_HIP_HALF, due before any HIP header)."""

    kind: str
    name: str
    target: str


@dataclass(frozen=True, slots=True)
class ShimUse:
    """A file's needs, each with the (line, column) of its first use."""

    needs: tuple[tuple[Need, int, int], ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (ShimUse, (self.needs,))


def read_plan(plan: SourcePlan) -> tuple[ShimUse, list[Finding]]:
    """A source's needs, read off the engine's plan of its translation (each at the line and
    column of its first use), and its findings where the source stays CUDA: translate's,
    less those about the translated text on NVIDIA (nvcc builds the kept source there), plus
    HPY700 for each edit no preprocessor definition can make."""
    kept = [f for f in plan.findings if not about_translated_thrust(f)]
    kept, renamed = _libcudacxx_kept(plan, kept)
    edits = [e for e in plan.edits if not any(e.start <= a and b <= e.end for a, b in renamed)]
    needs, unexpressed = collect(plan.context, edits, kept)
    needs += supplied_needs(set(plan.supplied) - set(LIBCUDACXX_SUPPLIED.values()))
    index = LineIndex(plan.data)
    return ShimUse(tuple((need, *index.locate(at)) for need, at in needs)), kept + unexpressed


def _libcudacxx_kept(plan: SourcePlan, findings: list[Finding]
                     ) -> tuple[list[Finding], list[tuple[int, int]]]:
    """Translate renames libcu++'s cuda::maximum/minimum to supplied names and drops their
    header; no macro can rename a qualified name, so in a kept source both stay, reported as
    where nothing is supplied (HPY119, HPY200). Also the spans whose edits are thereby moot."""
    out: list[Finding] = []
    spans: list[tuple[int, int]] = []
    for f in findings:
        if f.code == "HPY530" and f.cuda_name in LIBCUDACXX_SUPPLIED:
            out.append(libcudacxx_unported(f.cuda_name, f.offset, f.end_offset))
        elif f.code == "HPY201" and f.cuda_name in SUPPLIED_LIBCUDACXX_HEADERS:
            entry = plan.context.table.header_entry(f.cuda_name)
            assert entry is not None  # (the header's include was planned from its entry)
            out.append(no_hip_header(f.cuda_name, entry, f.offset, f.end_offset))
        else:
            out.append(f)
            continue
        spans.append((f.offset, f.end_offset))
    return out, spans


def supplied_needs(names: Iterable[str]) -> list[tuple[Need, int]]:
    """What the file uses from hipify_supplied.h (tables/supplied.py): the shim carries the
    same implementations. Placed at the file's start: the names are the file's, not a line's."""
    return [(Need("supplied", name, ""), 0) for name in sorted(names)]


def collect(ctx: Context, edits: Iterable[Edit], reported: Iterable[Finding] = (),
            ) -> tuple[list[tuple[Need, int]], list[Finding]]:
    """The needs of one file (with the byte offset of each use), and HPY700 for the edits no
    preprocessor definition can make. `reported`: translate's findings for the file."""
    data = ctx.data
    edits = list(edits)
    needs: list[tuple[Need, int]] = list(_headers(ctx))
    spans = _calls(ctx)
    findings: list[Finding] = list(_context_dependent_calls(spans, edits, reported))
    calls, call_starts = _forwarded_calls(spans, [e for e in edits if e.rule in _CALL_RULES])
    called = {need.name for need, _ in calls}
    needs += calls
    # The form each call of a typed overload shows: the tree's calls pick the macro's form
    needs += [(Need("form", c.entry.cuda, f"{c.arity}:{c.form}"), c.start) for c in spans
              if c.form]
    for edit in edits:
        rule = edit.rule
        if rule in ("launches", "string_literals") or rule in _CALL_RULES:
            continue  # (a name inside a string is text: no use, nothing a macro could change)
        original = data[edit.start:edit.end]
        if rule == "includes":
            standard = _STANDARD_INCLUDE.match(edit.text)
            types = _TYPES_DEFINE.match(edit.text)
            if standard and edit.start == edit.end:
                needs.append((Need("standard", standard.group(1).decode(), ""), edit.start))
            elif types and edit.start == edit.end:
                needs.append((Need("define", types.group(1).decode(), ""), edit.start))
            continue
        if rule == "identifiers" and original.decode() in _NOT_ALIASED:
            findings += _cannot_express(edit, original, _NOT_ALIASED[original.decode()])
        elif rule == "identifiers" and _IDENT.match(original) and _IDENT.match(edit.text):
            name, target = original.decode(), edit.text.decode()
            if edit.start in call_starts:
                continue  # its forwarding macro renames it
            kind = "namespace" if name in _NAMESPACES else "alias"
            if name in called and kind == "alias":
                kind = "value"  # not called here: a function-like macro would not apply
            needs.append((Need(kind, name, target), edit.start))
        elif rule == "feature_macros" and _IDENT.match(original):
            needs.append((Need("macro", original.decode(), ""), edit.start))
        else:
            findings += _cannot_express(edit, original)
    return needs, findings


def _cannot_express(edit: Edit, original: bytes, why: str | None = None) -> list[Finding]:
    """HPY700 for an edit of the text itself, saying what translate does there."""
    why = why or _WHY.get(edit.rule, f"makes an edit ({edit.rule or 'unnamed'})")
    inserted = edit.text.decode("utf-8", "replace").strip().splitlines()
    if inserted == ["#endif"] and not original:
        return []  # the close of a guard whose opening line is reported already
    shown = (original.decode("utf-8", "replace").strip()
             or (f"it inserts {inserted[0]}" if inserted else "here"))
    return [Finding("HPY700", edit.start, max(edit.end, edit.start),
                    f"the shim cannot make this edit: translate {why} ({shown}); translate this "
                    "file or change the source", None,
                    "run hipify-py translate on this file and keep its output")]


def _headers(ctx: Context) -> Iterator[tuple[Need, int]]:
    """Each CUDA header the file includes that is not one of the project's own."""
    from hipify_py.engine.rules.includes import (
        declared_supplied,
        dropped_for_target,
        target_header,
    )

    for inc in ctx.syntax.includes:
        if inc.header.startswith("thrust/") and ctx.resolve_local(inc.header, inc.angled) is None:
            # rocThrust has CUDA Thrust's header names: no stand-in, but its configuration
            # must be read before the shim defines __CUDACC__ (generate.py).
            yield Need("library", "thrust", ""), inc.name_start
        entry = ctx.table.header_entry(inc.header)
        if entry is None or ctx.resolve_local(inc.header, inc.angled) is not None:
            continue
        if ctx.is_skipped(inc.name_start):
            continue
        if entry.unsupported:
            # translate drops it where what the file uses of it is supplied (NVML's nvml.h): a
            # stand-in of hipify_shim.h alone, which includes hipify_supplied.h
            uses = declared_supplied(ctx, entry)
            if uses is not None and uses.all_supplied:
                yield Need("header", inc.header, ""), inc.name_start
            continue
        dropped = entry.dropped or dropped_for_target(ctx, entry)
        target = "" if dropped else target_header(ctx, entry)
        if target is None:
            continue
        yield Need("header", inc.header, target), inc.name_start


class _Call(NamedTuple):
    """A call of a mapped function: the bytes from its name to its closing parenthesis."""

    start: int
    end: int
    entry: ApiEntry
    arity: int
    rules: frozenset[str]  # the argument actions that apply for this target
    # The CUDA form its arguments show, where releases share its argument count ("old" or
    # "new": cudaMemAdvise with a device or a location); "" unseen or not such a call
    form: str = ""


def _calls(ctx: Context) -> list[_Call]:
    from hipify_py.engine.rules.arguments import active_rules
    from hipify_py.engine.rules.call_forms import choose_form

    toks = ctx.parsed.tokens
    out = []
    for i, entry in ctx.api_tokens:
        call = ctx.syntax.call_at(i)
        if call is not None:
            form = choose_form(ctx, entry, call) if entry.typed_overloads else None
            seen = ("new" if form.new else "old") if form is not None and form.seen else ""
            out.append(_Call(toks.start(i), toks.end(call.close_index), entry, len(call.args),
                             frozenset(r.action for r in active_rules(entry, ctx)), seen))
    return out


def _forwarded_calls(calls: list[_Call], edits: list[Edit]) -> tuple[list[tuple[Need, int]], set[int]]:
    """(name, argument count) of each call that needs a forwarding macro: a call whose
    arguments translate edits (the innermost call around the edit), and every other call of
    a function with argument rules for this target or overloads by argument count, so that
    the macro serves each count the tree uses. Also the offsets of those calls' names."""
    from hipify_py.engine.rules.warp_sync import MASKED

    out: dict[tuple[str, int], int] = {}
    for edit in edits:
        around = [c for c in calls if c.start <= edit.start and edit.end <= c.end]
        if around:
            inner = max(around, key=lambda c: c.start)
            out.setdefault((inner.entry.cuda, inner.arity), inner.start)
    forwarded = {name for name, _ in out}
    for c in calls:
        # Overloads (cudaEventCreate(&e) / (&e, flags)) rename by argument count.
        name = c.entry.cuda
        if (name in MASKED or c.entry.overloads or c.entry.typed_overloads or c.rules
                or name in forwarded):
            out.setdefault((name, c.arity), c.start)
    starts = {c.start for c in calls if (c.entry.cuda, c.arity) in out}
    return [(Need("call", name, str(arity)), start) for (name, arity), start in out.items()], starts


def _context_dependent_calls(calls: list[_Call], edits: list[Edit],
                             reported: Iterable[Finding]) -> Iterator[Finding]:
    """Calls whose translation depends on more than the argument count: an argument taken
    from an earlier call (unless none was found: then translate passes NULL, as the macro
    does, and says so, HPY161), a CUDA value mapped by its spelling, a null argument dropped.
    A forwarding macro sees none of that. (The type of an argument, which picks the form of a
    call CUDA releases give two forms of, is a need of its own: the tree's calls pick the
    macro's form.)"""
    argument_edits = [e.start for e in edits if e.rule == "arguments"]
    fallbacks = [f.offset for f in reported if f.code == "HPY161"]
    for c in calls:
        kinds = c.rules & _BY_CONTEXT
        if not kinds or not any(c.start <= at <= c.end for at in argument_edits):
            continue
        if kinds == {"append_argument_of_call"} and any(c.start <= at <= c.end
                                                        for at in fallbacks):
            continue
        yield Finding("HPY700", c.start, c.start + len(c.entry.cuda),
                      f"the shim cannot make this edit: translate rewrites the arguments of "
                      f"{c.entry.cuda} from what surrounds the call (an earlier call, an "
                      "argument's spelling), which a forwarding macro cannot see; translate "
                      "this file", c.entry.cuda,
                      "run hipify-py translate on this file and keep its output")
