"""Rewrite #include directives and add the HIP runtime header where nvcc's implicit one is lost.

* A CUDA header becomes its HIP (or ROC) header, keeping <> or "".
* A later include that ends up naming a HIP header already included (in the same or an
  enclosing #if block) is dropped; so are CUDA headers hip_runtime.h makes unnecessary.
* Headers with no HIP counterpart stay and are reported.
* An include that resolves to a file of the user's own tree is the user's code: kept as it is.
* nvcc includes cuda_runtime.h in every .cu implicitly and hipcc does not: a file that uses CUDA
  and would end up without hip/hip_runtime.h gets it, after its include guard or #pragma once,
  else before its first #include, else after its leading comments. It goes before any other HIP
  header because some (HIP 5.2's hip_cooperative_groups.h) are not self-contained.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import COMMENT, IDENT
from hipify_py.engine.ranges import Ranges
from hipify_py.engine.rules.base import Context, Reference, RuleOutput
from hipify_py.engine.rules.residue import (
    LIBCUDACXX_SUPPLIED,
    header_name_uses,
    libcudacxx_uses,
    supplied_here,
)
from hipify_py.engine.syntax import Directive, Include
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Version
from hipify_py.tables import supplied
from hipify_py.tables.mapping_model import HeaderEntry

HIP_RUNTIME = "hip/hip_runtime.h"
SUPPLIED_HEADER = supplied.HEADER_NAME
ROCTHRUST_BACKEND = "thrust/system/hip/"
AMD_ONLY_THRUST = ("for a source that also builds on NVIDIA, keep the backend-specific code under "
                   "#ifdef __HIP_PLATFORM_AMD__ (CUDA's names in the #else), or use thrust::device")


def about_translated_thrust(finding: Finding) -> bool:
    """HPY531 on a rocThrust backend name or header the translation writes (thrust::hip,
    thrust/system/hip/...), which CUDA's Thrust on HIP's NVIDIA platform lacks: true of a
    translated source only. A kept CUDA source (the shim's) is built by nvcc there as it is."""
    return finding.code == "HPY531" and finding.suggestion == AMD_ONLY_THRUST


_CONDITIONAL_OPEN = frozenset({"if", "ifdef", "ifndef"})
_CONDITIONAL_NEXT = frozenset({"elif", "else", "elifdef", "elifndef"})


@dataclass(slots=True)
class _Planned:
    include: Include
    target: str | None  # the header the include names after translation (None: dropped)
    top: bool  # outside every #if block (the include guard's aside)
    edit: Edit | None = None


def rewrite_includes(ctx: Context) -> Iterator[RuleOutput]:
    syntax = ctx.syntax
    blocks = _Blocks(syntax.directives)
    includes = {inc.directive.first: inc for inc in syntax.includes}
    planned: list[_Planned] = []
    for d in syntax.directives:
        inc = includes.get(d.first)
        if inc is None:
            blocks.walk(d)
            continue
        if ctx.is_skipped(inc.directive.start):
            continue
        entry = _header_entry(ctx, inc)
        if entry is None:
            planned.append(_Planned(inc, inc.header, blocks.top))
        else:
            yield from _plan_one(ctx, inc, entry, blocks, planned)
        if planned and planned[-1].include is inc and planned[-1].target is not None:
            blocks.include(planned[-1].target)
    yield from _implicit_runtime(ctx, planned)
    yield from _types_defines(ctx, planned)
    for p in planned:
        if p.edit is not None:
            yield p.edit


# Math library headers that declare some arguments with types of their own unless a macro,
# defined before the header, makes them HIP's: the types the CUDA code is translated to.
# rocBLAS (and rocSOLVER, which takes its types): rocblas_float_complex, a class hipComplex does
# not convert to, unless ROCM_MATHLIBS_API_USE_HIP_COMPLEX; the cuComplex helpers
# (make_hipComplex, hipCaddf) need hipComplex, so the library is told to take it.
# hipBLAS: hipblasHalf (cublasHgemm's __half) is uint16_t unless HIPBLAS_USE_HIP_HALF.
# A library release older than its macro ignores it.
class _TypesDefine(NamedTuple):
    """A macro a HIP library reads to take other types, and when a file needs it."""

    macro: str
    headers: frozenset[str]  # file names: in their folder (rocblas/rocblas.h) or flat alike
    names: frozenset[bytes]  # the file names one of these (a type the library then takes)
    family: str | None  # ... or a name of this mapping family
    what: str


TYPES_DEFINES = (
    _TypesDefine("ROCM_MATHLIBS_API_USE_HIP_COMPLEX",
                 frozenset({"rocblas.h", "rocsolver.h"}), frozenset(),
                 "cucomplex", "its complex arguments are then hipComplex and hipDoubleComplex"),
    _TypesDefine("HIPBLAS_USE_HIP_HALF", frozenset({"hipblas.h"}),
                 frozenset({b"__half", b"half"}), None, "its hipblasHalf arguments are then __half"),
)


def _types_defines(ctx: Context, planned: list[_Planned]) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    for define in TYPES_DEFINES:
        name = define.macro.encode()
        if name in ctx.data and name in toks.raws_of_kind(IDENT):
            continue  # defined already, or tested: the author's choice
        first = next((p for p in planned if p.target and _file_name(p.target) in define.headers
                      and p.target != p.include.header), None)
        if first is None or not _names_a_type(ctx, define):
            continue
        d = first.include.directive
        start = d.start - _indent(ctx.data, d.start)
        nl = ctx.newline
        yield Edit(start, start,
                   b"#ifndef " + name + nl + b"#define " + name + nl + b"#endif" + nl, "includes")
        entry = ctx.table.header_entry(first.include.header)
        yield Finding("HPY204", first.include.name_start, first.include.name_end,
                      f"defined {define.macro} before {first.target}: {define.what}, the types "
                      "the CUDA code becomes", None, None, entry.family if entry else None)


def _file_name(header: str) -> str:
    return header.rsplit("/", 1)[-1]


def _names_a_type(ctx: Context, define: _TypesDefine) -> bool:
    if define.family is not None and any(e.family == define.family for _, e in ctx.api_tokens):
        return True
    return not define.names.isdisjoint(ctx.parsed.tokens.raws_of_kind(IDENT))


def _header_entry(ctx: Context, inc: Include) -> HeaderEntry | None:
    entry = ctx.table.header_entry(inc.header)
    if entry is None:
        return None
    if ctx.resolve_local(inc.header, inc.angled) is not None:
        return None  # the user's own header that happens to share a CUDA header's name
    return entry


def _plan_one(
    ctx: Context, inc: Include, entry: HeaderEntry, blocks: _Blocks, planned: list[_Planned],
) -> Iterator[RuleOutput]:
    """Plan one include (the edit is yielded at the end); yield its findings now."""
    d = inc.directive
    top = blocks.top
    supplied_names = _libcudacxx_supplied(ctx, inc)
    if supplied_names is not None:
        planned.append(_Planned(inc, None, top, _delete_directive(ctx, d)))
        yield Reference(entry.family, inc.header, True)
        uses = f": what this file uses of it ({', '.join(supplied_names)}) is supplied by " \
               f"{SUPPLIED_HEADER}" if supplied_names else ", and this file uses none of it"
        yield Finding("HPY201", inc.name_start, inc.name_end,
                      f"{inc.header} dropped: HIP has no libcu++{uses}", inc.header, None,
                      entry.family)
        return
    if entry.unsupported and entry.declares and _unused_in_unit(ctx, entry):
        planned.append(_Planned(inc, None, top, _delete_directive(ctx, d)))
        yield Reference(entry.family, inc.header, True)
        yield Finding("HPY201", inc.name_start, inc.name_end,
                      f"{inc.header} dropped: HIP has no equivalent, and this file uses nothing "
                      f"it declares ({', '.join(entry.declares)})", inc.header, None, entry.family)
        return
    supplied_uses = declared_supplied(ctx, entry)
    if entry.unsupported and supplied_uses is not None and supplied_uses.all_supplied:
        planned.append(_Planned(inc, None, top, _delete_directive(ctx, d)))
        yield Reference(entry.family, inc.header, True)
        yield Finding("HPY201", inc.name_start, inc.name_end,
                      f"{inc.header} dropped: HIP has no equivalent, and what this file uses of "
                      f"it ({_listed(supplied_uses.supplied)}) is supplied by {SUPPLIED_HEADER}",
                      inc.header, None, entry.family)
        return
    if entry.unsupported:
        planned.append(_Planned(inc, inc.header, top))
        yield Reference(entry.family, inc.header, False)
        detail = (f"; {SUPPLIED_HEADER} supplies {_listed(supplied_uses.supplied)}, not "
                  f"{_listed(supplied_uses.others)}"
                  if supplied_uses is not None and supplied_uses.supplied else "")
        yield no_hip_header(inc.header, entry, inc.name_start, inc.name_end, detail)
        return
    if inc.header == "cublas.h" and ctx.uses_legacy_cublas:
        planned.append(_Planned(inc, inc.header, top))
        yield Reference(entry.family, inc.header, False)
        yield Finding("HPY120", inc.name_start, inc.name_end,
                      "cublas.h is the legacy cuBLAS API, which hipBLAS lacks", inc.header,
                      "include cublas_v2.h and move to the handle-based API first", entry.family)
        return
    target = target_header(ctx, entry)
    if dropped_for_target(ctx, entry):
        planned.append(_Planned(inc, None, top, _delete_directive(ctx, d)))
        yield Reference(entry.family, inc.header, True)
        what = (f"{SUPPLIED_HEADER} supplies what this file uses of {target}'s names"
                if entry.older_supplied else f"hip/hip_runtime.h declares what {target} does")
        yield Finding("HPY201", inc.name_start, inc.name_end,
                      f"{inc.header} dropped: before HIP {entry.hip_added} (target is "
                      f"{ctx.settings.hip_version}), {what}", inc.header, None, entry.family)
        return
    if entry.dropped or target is None:
        planned.append(_Planned(inc, None, top, _delete_directive(ctx, d)))
        yield Reference(entry.family, inc.header, True)
        yield Finding("HPY201", inc.name_start, inc.name_end,
                      f"{inc.header} dropped: hip/hip_runtime.h provides its declarations",
                      inc.header, None, entry.family)
        return
    if (
        entry.hip_added
        and ctx.settings.hip_version is not None
        and not ctx.settings.amap
        and _newer(entry.hip_added, ctx.settings.hip_version)
    ):
        planned.append(_Planned(inc, inc.header, top))
        yield Reference(entry.family, inc.header, False)
        yield Finding("HPY150", inc.name_start, inc.name_end,
                      f"{inc.header} -> {target} needs HIP >= {entry.hip_added} "
                      f"(target is {ctx.settings.hip_version})",
                      inc.header, f"raise --hip-version to {entry.hip_added} or later",
                      entry.family)
        return
    yield Reference(entry.family, inc.header, True)
    if blocks.included(target):
        planned.append(_Planned(inc, None, top, _delete_directive(ctx, d)))
        return
    edit = None
    if target != inc.header:
        edit = Edit(inc.name_start, inc.name_end, target.encode(), "includes")
        if target.startswith(ROCTHRUST_BACKEND):
            yield Finding("HPY531", inc.name_start, inc.name_end,
                          f"{inc.header} -> {target}: rocThrust's own backend header; HIP's "
                          "NVIDIA platform builds with CUDA's Thrust, which has no such file",
                          inc.header, AMD_ONLY_THRUST, entry.family)
    planned.append(_Planned(inc, target, top, edit))


_UNIT_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c")

# libcu++ headers of the names hipify-py supplies (residue.LIBCUDACXX_SUPPLIED): <cuda/functional>
# declares cuda::maximum and cuda::minimum, and code written for CCCL 2.8 includes
# <cuda/std/functional> for them (bitsandbytes). HIP has no libcu++.
SUPPLIED_LIBCUDACXX_HEADERS = frozenset({"cuda/functional", "cuda/std/functional"})


def no_hip_header(header: str, entry: HeaderEntry, start: int, end: int,
                  detail: str = "") -> Finding:
    """HPY200 on an include of a header HIP has nothing of."""
    note = f" ({entry.note})" if entry.note else ""
    return Finding("HPY200", start, end, f"{header} has no HIP equivalent{note}{detail}", header,
                   None, entry.family)


class SuppliedUses(NamedTuple):
    """What a file uses of an unsupported header's names: those hipify_supplied.h supplies to
    it and the others (each sorted, once)."""

    supplied: tuple[str, ...]
    others: tuple[str, ...]

    @property
    def all_supplied(self) -> bool:
        return bool(self.supplied) and not self.others


def declared_supplied(ctx: Context, entry: HeaderEntry) -> SuppliedUses | None:
    """For a header that lists what it declares (`declares`), what the file uses of it in any
    #if branch, split by whether it is supplied here (NVML's nvmlInit is; its
    nvmlDeviceGetPowerUsage is not); None for a header that lists nothing."""
    if not entry.declares:
        return None
    names = sorted({name for _, name in header_name_uses(ctx, entry, live_only=False)})
    ours = tuple(n for n in names if supplied_here(ctx, n))
    return SuppliedUses(ours, tuple(n for n in names if n not in ours))


def _listed(names: tuple[str, ...], limit: int = 8) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _libcudacxx_supplied(ctx: Context, inc: Include) -> list[str] | None:
    """For an include of such a header in a file whose every libcu++ use is supplied: the
    names used (sorted; none in a translation unit that uses no libcu++ at all). None where the
    include stays (and is reported): another libcu++ use, or a header with none, whose
    includers may need it."""
    if inc.header not in SUPPLIED_LIBCUDACXX_HEADERS:
        return None
    names = {name for _, name, _ in libcudacxx_uses(ctx)}
    if any(name not in LIBCUDACXX_SUPPLIED for name in names):
        return None
    if not names and not ctx.path.endswith(_UNIT_SUFFIXES):
        return None
    return sorted(names)


def _unused_in_unit(ctx: Context, entry: HeaderEntry) -> bool:
    """A translation unit (not a header, whose includers may rely on it) that names nothing the
    header declares, in any branch (a name of its own, `struct nvmlStats`, is not the header's).
    A later header that does is reported on its own line."""
    if not ctx.path.endswith(_UNIT_SUFFIXES):
        return False
    return not header_name_uses(ctx, entry, live_only=False)


def dropped_for_target(ctx: Context, entry: HeaderEntry) -> bool:
    """The target HIP is older than the header, whose API hip_runtime.h then declared, or whose
    names hipify_supplied.h supplies to that HIP (each file includes it where it uses one)."""
    target = ctx.settings.hip_version
    # (--amap emits the HIP names, and so the header, whatever the target)
    supplied_here = entry.older_supplied and not ctx.settings.amap
    return ((entry.older_dropped or supplied_here) and entry.hip_added is not None
            and target is not None and _newer(entry.hip_added, target))


def target_header(ctx: Context, entry: HeaderEntry) -> str | None:
    flat = ctx.settings.flat_library_headers
    hip = (flat and entry.flat_hip) or entry.hip
    roc = (flat and entry.flat_roc) or entry.roc
    if entry.family == "cudnn":
        return hip if ctx.settings.hipdnn else (roc or hip)
    if ctx.settings.roc and roc:
        return roc
    return hip


def _newer(added: str, target: Version) -> bool:
    try:
        return Version.parse(added) > target
    except ValueError:
        return False


def _delete_directive(ctx: Context, d: Directive) -> Edit:
    data = ctx.data
    end = d.end
    if end < len(data) and data[end : end + 1] == b"\n":
        end += 1
    return Edit(d.start - _indent(data, d.start), end, b"", "includes")


def _indent(data: bytes, start: int) -> int:
    i = start
    while i > 0 and data[i - 1] in b" \t":
        i -= 1
    return start - i


class _Blocks:
    """The #if/#elif/#else blocks open at each directive of a walk over them, in order, and the
    headers included in each: one included in the same or an enclosing block makes a later
    include of it a duplicate. The include guard (a leading #ifndef X / #define X) does not
    count as a block. Linear: a header is counted in and out once per block (a list of blocks
    per include was quadratic under thousands of unclosed #if, issue 30)."""

    def __init__(self, directives: tuple[Directive, ...]) -> None:
        self._guard = _include_guard(directives)
        self._outer: set[str] = set()  # included outside every block
        self._open: list[set[str] | None] = []  # per open block (None: the include guard)
        self._counts: Counter[str] = Counter()  # header -> the open blocks that include it

    @property
    def top(self) -> bool:
        return all(frame is None for frame in self._open[-1:])  # (the guard is outermost)

    def walk(self, d: Directive) -> None:
        if d.name in _CONDITIONAL_OPEN:
            self._open.append(None if d is self._guard else set())
        elif (d.name in _CONDITIONAL_NEXT or d.name == "endif") and self._open:
            self._counts.subtract(self._open.pop() or ())
            if d.name != "endif":
                self._open.append(set())

    def include(self, header: str) -> None:
        frame = self._open[-1] if self._open and self._open[-1] is not None else self._outer
        if header not in frame:
            frame.add(header)
            self._counts[header] += 1

    def included(self, header: str) -> bool:
        """Included already where this include is read too."""
        return self._counts[header] > 0


def _include_guard(directives: tuple[Directive, ...]) -> Directive | None:
    if len(directives) >= 2 and directives[0].name == "ifndef" and directives[1].name == "define":
        return directives[0]
    return None


def _implicit_runtime(ctx: Context, planned: list[_Planned]) -> Iterator[RuleOutput]:
    """Make hip/hip_runtime.h the first HIP header of a file that uses CUDA (nvcc includes
    cuda_runtime.h into each .cu file, hipcc includes nothing). hip_runtime.h is C++: an include of it inside
    an `extern "C" {` block (where C's cuda.h was fine) needs one before that block."""
    hip_headers = _hip_header_names(ctx)
    # nvcc includes cuda_runtime.h into every .cu before its first line, whether or not the
    # file names CUDA itself (its headers may): hipify-clang gives every .cu hip_runtime.h too.
    is_cu = ctx.path.endswith(".cu") and ctx.host_includer is None
    c_blocks = _extern_c_blocks(ctx)
    inside_c = Ranges(c_blocks)  # (thousands of unclosed `extern "C" {` overlap)
    in_c = [p for p in planned if p.target in hip_headers and p.include.directive.start in inside_c]
    in_c_ids = {id(p) for p in in_c}
    top = [p for p in planned if p.target is not None and p.top and id(p) not in in_c_ids]
    first_hip = next((p for p in top if p.target in hip_headers), None)
    if first_hip is not None and first_hip.target == HIP_RUNTIME and not (
        is_cu and _project_macros_before(ctx, first_hip.include.directive.start)
    ):
        _drop_runtime_duplicates(ctx, in_c)
        yield from _standard_headers(ctx, _line_after(ctx.data, first_hip.include.directive.end))
        return
    has_runtime = any(p.target == HIP_RUNTIME for p in top)
    gpu_header_first = (ctx.gpu_header is not None and not ctx.is_c and not has_runtime
                        and not in_c and not (ctx.uses_cuda or is_cu))
    if not has_runtime and not in_c and (ctx.is_c or not (ctx.uses_cuda or is_cu)) \
            and not gpu_header_first:
        if ctx.is_c and not any(p.target in hip_headers for p in planned):
            yield from _undeclared_runtime_calls(ctx)
        return  # nvcc gives a .c file (host code for the C compiler) no implicit include
    offset = _insertion_point(ctx)
    for start, end in c_blocks:
        if start <= offset < end:
            offset = _lifted(ctx, start)
    newline = ctx.newline
    text = b"#include <" + HIP_RUNTIME.encode() + b">" + newline
    if gpu_header_first:
        # A host source hipcc may compile as GPU code: the runtime comes before its own macros,
        # as nvcc's implicit include does, not after them inside the header (HPY203).
        assert ctx.gpu_header is not None
        text = b"#ifdef __HIPCC__" + newline + text + b"#endif" + newline
        finding = Finding("HPY203", offset, offset,
                          "added #include <hip/hip_runtime.h> under #ifdef __HIPCC__, before "
                          f"this file's own includes: {os.path.basename(ctx.gpu_header)}, which "
                          "it includes, uses CUDA, and its runtime include would come after "
                          "this file's macros", None, None, "runtime")
    elif ctx.host_includer and not has_runtime and not in_c:
        # The host compiler reads this file too (a host-only source includes it): there
        # hip_runtime.h would break the build (vector types over the file's own names, C++ in
        # C), so only hipcc sees it.
        text = b"#ifdef __HIPCC__" + newline + text + b"#endif" + newline
        finding = Finding("HPY203", offset, offset,
                          "added #include <hip/hip_runtime.h> under #ifdef __HIPCC__: host-only "
                          f"{os.path.basename(ctx.host_includer)} also includes this file",
                          None, None, "runtime")
    else:
        finding = Finding("HPY202", offset, offset,
                          "added #include <hip/hip_runtime.h> before any other HIP header "
                          "(nvcc includes cuda_runtime.h implicitly)", None, None, "runtime")
    if offset > 0 and ctx.data[offset - 1 : offset] != b"\n":
        text = newline + text
    yield Edit(offset, offset, text, "includes")
    yield finding
    _drop_runtime_duplicates(ctx, top + in_c)
    yield from _standard_headers(ctx, offset)


def include_supplied(ctx: Context) -> Iterator[RuleOutput]:
    """`#include "hipify_supplied.h"` for a file that uses what the target HIP lacks, where
    hip/hip_runtime.h would go (the header includes it): before any project macro. A tree run
    rewrites the spelling to the header's path from the file (port/runner.py)."""
    if any(os.path.basename(inc.header) == SUPPLIED_HEADER for inc in ctx.syntax.includes):
        return  # there already (a second run)
    offset = _insertion_point(ctx)
    for start, end in _extern_c_blocks(ctx):
        if start <= offset < end:
            offset = _lifted(ctx, start)
    newline = ctx.newline
    text = b'#include "' + SUPPLIED_HEADER.encode() + b'"' + newline
    if ctx.host_includer:  # the host compiler reads this file too: only hipcc sees it
        text = b"#ifdef __HIPCC__" + newline + text + b"#endif" + newline
    if offset > 0 and ctx.data[offset - 1 : offset] != b"\n":
        text = newline + text
    yield Edit(offset, offset, text, "includes")


def _undeclared_runtime_calls(ctx: Context) -> Iterator[RuleOutput]:
    """A C file that calls the runtime with no header, as C allows (implicit declarations):
    linked from libamdhip64 on AMD, but HIP's NVIDIA runtime is inline functions in its headers,
    with nothing to link (Rodinia's b+tree in the differential run). Said once, at the first call;
    the header is not added: a plain C compiler without HIP's platform flags rejects it."""
    for i, entry in ctx.api_tokens:
        if entry.family in ("runtime", "driver") and ctx.syntax.call_at(i) is not None \
                and not ctx.is_skipped(ctx.parsed.tokens.start(i)):
            toks = ctx.parsed.tokens
            yield Finding("HPY531", toks.start(i), toks.end(i),
                          f"{entry.cuda} is called with no CUDA header included: gcc links the "
                          "HIP call from libamdhip64 on AMD, but HIP's NVIDIA runtime is inline "
                          "functions in its headers, so that build cannot link it",
                          entry.cuda, "include <hip/hip_runtime_api.h> and compile this file with "
                          "the HIP platform's flags (hip::host in CMake)", entry.family)
            return


# Standard headers cuda_runtime.h includes (crt/common_functions.h: <string.h>, <assert.h>;
# cuda_runtime.h: <functional>) and hip_runtime.h does not (HIP 7.2): code that relied on
# them gets them, where it uses their names and does not include them itself.
_STANDARD_HEADERS = (
    ("cstring", ("string.h", "cstring"), (b"mem", b"str"), re.compile(
        rb"\b(?:memcpy|memset|memmove|memcmp|strlen|strcpy|strncpy|strcmp|strncmp|strcat|strchr"
        rb"|strrchr|strstr|strtok|strdup)\s*\(")),
    ("cassert", ("assert.h", "cassert"), (b"assert",), re.compile(rb"\bassert\s*\(")),
    ("functional", ("functional",), (b"function",), re.compile(rb"\bstd\s*::\s*function\s*<")),
)


def _standard_headers(ctx: Context, offset: int) -> Iterator[RuleOutput]:
    if not ctx.is_gpu_code:
        return
    included = {inc.header for inc in ctx.syntax.includes}
    toks = ctx.parsed.tokens
    newline = ctx.newline
    for header, names, hints, uses in _STANDARD_HEADERS:
        if included.intersection(names) or not any(h in ctx.data for h in hints):
            continue
        for m in uses.finditer(ctx.data):
            i = toks.index_at(m.start())
            if i < len(toks) and toks.start(i) == m.start() and toks.kinds[i] == IDENT:
                yield Edit(offset, offset, b"#include <" + header.encode() + b">" + newline,
                           "includes")
                yield Finding("HPY202", offset, offset,
                              f"added #include <{header}>: cuda_runtime.h included it, "
                              "hip_runtime.h does not", None, None, "runtime")
                break


def _drop_runtime_duplicates(ctx: Context, candidates: list[_Planned]) -> None:
    """A later hip_runtime.h include (top level or inside extern "C") is now a duplicate."""
    for p in candidates:
        if p.target == HIP_RUNTIME:
            p.target = None
            p.edit = _delete_directive(ctx, p.include.directive)


_EXTERN_C = re.compile(rb'\bextern\s*"C"\s*\{')


def _extern_c_blocks(ctx: Context) -> list[tuple[int, int]]:
    """Byte ranges of `extern "C" { ... }` blocks, from `extern` to the closing brace."""
    if b"extern" not in ctx.data:
        return []
    toks = ctx.parsed.tokens
    out = []
    for m in _EXTERN_C.finditer(ctx.data):
        first = toks.index_at(m.start())
        brace = toks.index_at(m.end() - 1)
        if first >= len(toks) or toks.start(first) != m.start() or brace >= len(toks):
            continue  # in a comment or string
        close = ctx.syntax.partner_of(brace)
        end = toks.end(close) if close is not None else len(ctx.data)
        out.append((m.start(), end))
    return out


def _lifted(ctx: Context, offset: int) -> int:
    """The start of offset's line, or of the outermost #if around it (not the include guard)."""
    opener = _enclosing_conditional(ctx.syntax.directives, offset)
    start = opener.start if opener is not None else offset
    return ctx.data.rfind(b"\n", 0, start) + 1


def _hip_header_names(ctx: Context) -> frozenset[str]:
    names = {HIP_RUNTIME}
    for entry in ctx.table.headers.values():
        names.update(h for h in (entry.hip, entry.roc, entry.flat_hip, entry.flat_roc) if h)
    return frozenset(n for n in names if n.startswith(("hip", "roc", "miopen")))


def _insertion_point(ctx: Context) -> int:
    syntax = ctx.syntax
    toks = ctx.parsed.tokens
    directives = syntax.directives
    first = next((i for i, t in enumerate(toks[:64]) if t.kind != COMMENT), -1)  # first code
    # #pragma once, or an include guard (#ifndef X / #define X) before any other code.
    for d in directives[:2]:
        if d.first == first and _is_pragma_once(ctx, d):
            return _line_after(ctx.data, d.end)
    if len(directives) >= 3 and directives[0].first == first \
            and _is_pragma_once(ctx, directives[1]) and _guard_pair(ctx, directives[0], directives[2]):
        # #ifndef X / #pragma once / #define X: right inside the guard, as hipify-clang does
        return _line_after(ctx.data, directives[0].end)
    if len(directives) >= 2 and directives[0].first == first \
            and _guard_pair(ctx, directives[0], directives[1]):
        return _line_after(ctx.data, directives[1].end)
    # After a leading comment block (a licence header), else at the very top (after a BOM):
    # before any macro of the project's is defined, as nvcc's implicit include is (a project's
    # `#define T double` before it would rewrite HIP's own templates).
    bom = 3 if ctx.data.startswith(b"\xef\xbb\xbf") else 0
    if toks and toks[0].kind == COMMENT:
        i = 0
        while i + 1 < len(toks) and toks[i + 1].kind == COMMENT:
            i += 1
        after = _line_after(ctx.data, toks[i].end)
        if i + 1 < len(toks) and toks[i + 1].start < after:
            return bom  # code shares the comment's last line: a line inserted after would split it
        return after
    return bom


def _guard_pair(ctx: Context, a: Directive, b: Directive) -> bool:
    """`#ifndef X` and `#define X` of the same name."""
    toks = ctx.parsed.tokens
    return (a.name == "ifndef" and b.name == "define" and a.last >= a.first + 2
            and b.last >= b.first + 2 and toks[a.first + 2].text == toks[b.first + 2].text)


def _is_pragma_once(ctx: Context, d: Directive) -> bool:
    toks = ctx.parsed.tokens
    return d.name == "pragma" and d.last >= d.first + 2 and toks.text(d.first + 2) == "once"


def _project_macros_before(ctx: Context, offset: int) -> bool:
    """A #define, #undef or project header (which may define macros) before offset, other than
    the include guard: the runtime header there would not come first, as nvcc's does."""
    directives = ctx.syntax.directives
    guard_define = directives[1] if _include_guard(directives) is not None else None
    if any(
        d.start < offset and d.name in ("define", "undef") and d is not guard_define
        for d in directives
    ):
        return True
    return any(
        inc.directive.start < offset and not inc.angled and ctx.resolve_local(inc.header, False)
        and os.path.basename(inc.header) != SUPPLIED_HEADER  # ours: HIP, defines no project macro
        for inc in ctx.syntax.includes
    )


def _enclosing_conditional(directives: tuple[Directive, ...], offset: int) -> Directive | None:
    """The outermost #if/#ifdef still open at offset, not counting the include guard."""
    guard = _include_guard(directives)
    depth = 0
    opener: Directive | None = None
    for d in directives:
        if d.start >= offset:
            break
        if d is guard:
            continue
        if d.name in _CONDITIONAL_OPEN:
            if depth == 0:
                opener = d
            depth += 1
        elif d.name == "endif" and depth > 0:
            depth -= 1
    return opener if depth > 0 else None


def _line_after(data: bytes, pos: int) -> int:
    """The start of the line after pos's, past backslash-continued lines (a line inserted
    after `...\\` would be spliced onto it)."""
    while True:
        nl = data.find(b"\n", pos)
        if nl == -1:
            return len(data)
        end = nl - 1 if data[nl - 1 : nl] == b"\r" else nl
        if data[end - 1 : end] != b"\\" or end == 0:
            return nl + 1
        pos = nl + 1
