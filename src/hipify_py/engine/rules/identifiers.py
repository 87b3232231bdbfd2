"""Rename CUDA identifiers (functions, types, enumerators, macros) to their HIP names.

Works on every identifier token: code, macro bodies and inactive #if branches alike, never
comments. A member access (`obj.cudaMalloc`, `p->cudaFree`) and a name the user declares in a
namespace of their own are not API uses. Inside string literals mapped names are renamed as
hipify-clang does ("cudaMalloc failed" -> "hipMalloc failed"), without reports.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterator, Mapping

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import IDENT, LITERAL, TokenList
from hipify_py.engine.ranges import NO_RANGES, Ranges
from hipify_py.engine.rules.base import (
    Context,
    Reference,
    RuleOutput,
    Supply,
    after_a_type,
    identifier_tokens,
    misfit_null_argument,
)
from hipify_py.engine.rules.blaslt_scale_type import scale_type_plan
from hipify_py.engine.rules.call_forms import FormChoice, choose_form
from hipify_py.engine.rules.case_labels import dead_case_labels
from hipify_py.engine.rules.dependent_launch import dependent_launch_plan
from hipify_py.engine.rules.feature_macros import FAMILY as FEATURE_MACROS
from hipify_py.engine.rules.includes import AMD_ONLY_THRUST
from hipify_py.engine.syntax import Call
from hipify_py.reporting.diagnostics import Finding
from hipify_py.tables.mapping_model import ApiEntry, MappingTable
from hipify_py.tables.targets import Resolution, resolve, supplied_note

_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
_STRING_START = re.compile(rb'(?:u8|u|U|L)?R?"')
_MEMBER = frozenset({b".", b"->", b".*", b"->*"})

Resolver = Callable[[ApiEntry], Resolution]


def rename_identifiers(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    entries = ctx.table.entries
    scopes = user_scopes(ctx)
    resolutions: dict[tuple[str, int | None], Resolution] = {}

    def resolution(entry: ApiEntry, arity: int | None = None) -> Resolution:
        found = resolutions.get((entry.cuda, arity))
        if found is None:
            found = resolutions[entry.cuda, arity] = resolve(entry, ctx.settings, ctx.table, arity,
                                                             ctx.is_c)
        return found

    # <curand.h> lexes as `< curand . h >`: a header name is the includes rule's business.
    header_names = [(inc.name_start, inc.name_end) for inc in ctx.syntax.includes]
    header_starts = [a for a, _ in header_names]  # in order: bisected, not scanned per name
    commented_out = dead_case_labels(ctx)
    dependent_launch = dependent_launch_plan(ctx).handled  # taken out, or reported, there
    dropped = scale_type_plan(ctx).handled  # a call that goes, names and all
    for i, entry in ctx.api_tokens:
        if entry.family == FEATURE_MACROS:
            continue
        start, end = toks.start(i), toks.end(i)
        if ctx.keeps_names(start):
            continue
        k = bisect.bisect_right(header_starts, start) - 1
        if k >= 0 and start < header_names[k][1]:
            continue
        if i in commented_out or i in dependent_launch or i in dropped:
            continue
        if is_member_or_user_name(ctx, i, scopes.get(entry.cuda, NO_RANGES), entries):
            continue
        if entry.family == "cublas" and ctx.is_legacy_cublas(entry):
            yield Reference(entry.family, entry.cuda, False)
            yield Finding("HPY120", start, end,
                          f"{entry.cuda} is part of the legacy cuBLAS API, which hipBLAS lacks",
                          entry.cuda, "move this code to the handle-based API of cublas_v2.h "
                          "first; that API is translated", entry.family)
            continue
        call = ctx.syntax.call_at(i) if entry.overloads or entry.typed_overloads else None
        arity = len(call.args) if call is not None else None
        res = resolution(entry, arity)
        name = res.name
        if name is not None and call is not None:
            misfit = misfit_null_argument(ctx, entry, call)
            if misfit is not None:
                yield Reference(entry.family, entry.cuda, False)
                text = ctx.syntax.text(misfit).decode("utf-8", "surrogateescape")
                target = dict(entry.overloads).get(len(call.args), name)
                yield Finding("HPY155", start, end,
                              f"{entry.cuda} with {text} as argument {call.args.index(misfit) + 1} "
                              f"does not fit {target}, which has no such parameter; left as it is",
                              entry.cuda, "pass a null pointer there, or rewrite the call for "
                              "HIP's signature", entry.family)
                continue
            form = choose_form(ctx, entry, call) if entry.typed_overloads else None
            if form is not None:
                # Same count in both releases: the type of one argument tells the form.
                yield from _form_findings(ctx, entry, call, form, start, end)
                if form.hip is None:
                    yield Reference(entry.family, entry.cuda, False)
                    continue
                name = form.hip
            else:
                name = dict(entry.overloads).get(len(call.args), name)
            if name != res.name and name is not None:
                # The overload is itself a HIP name some CUDA name maps to: the target must have it.
                twin = ctx.table.entry_for_hip(name)
                if twin is not None and not resolution(twin).converted:
                    res = resolution(twin)
                    name = None
        if name == entry.cuda and not res.notes:
            continue  # same name in HIP (most device math functions): nothing to do or say
        yield Reference(entry.family, entry.cuda, name is not None)
        if res.supplied and name is not None:
            yield Supply(name)
        for note in res.notes:
            yield Finding(note.code, start, end, note.message, entry.cuda, note.suggestion,
                          entry.family)
        if name is not None and name != entry.cuda:
            rename = Edit(start, end, name.encode(), "identifiers")
            yield from (_elaborated(ctx, i, rename) if name in TYPEDEF_ONLY else (rename,))
    yield from _supplied_names_outside_tables(ctx)
    yield from _cub_namespace(ctx)
    yield from _thrust_backend(ctx)
    yield from _strings(ctx, resolution)


def _form_findings(ctx: Context, entry: ApiEntry, call: Call, form: FormChoice, start: int,
                   end: int) -> Iterator[Finding]:
    """HPY156 where --cuda-version chose the form (the argument's type cannot be seen), HPY155
    where the form is one HIP has no function of."""
    overload = form.overload
    changed = min(entry.hip_unsupported_cuda, key=_release_key)
    release = f"CUDA {changed}'s" if form.new else f"the pre-{changed} CUDA"
    arg = ctx.syntax.text(call.args[overload.argument]).decode("utf-8", "surrogateescape")
    where = f"argument {overload.argument + 1} ({arg})"
    if not form.seen:
        other = (f"a --cuda-version before {changed}" if form.new
                 else f"--cuda-version {changed}")
        yield Finding("HPY156", start, end,
                      f"{entry.cuda}: the type of {where} cannot be seen here, so the call is "
                      f"read as {release} form ({form.cuda_type} there), as --cuda-version "
                      f"{ctx.settings.cuda_version} says: "
                      f"{form.hip or 'HIP has no function of that form'}",
                      entry.cuda, f"if the code passes {form.other_type} there, translate it "
                      f"with {other}, or declare the argument where the call can see it",
                      entry.family)
    if form.hip is None:
        yield Finding("HPY155", start, end,
                      f"{entry.cuda} with {form.cuda_type} as {where} is {release} form, which "
                      f"HIP has no function of; left as it is", entry.cuda,
                      f"rewrite the call for {overload.old_hip}, which takes {overload.old_type} "
                      "there", entry.family)


# HIP names that HIP declares only as typedefs (of a struct or enum tagged otherwise, or of an
# unnamed one), where CUDA's are tags: `struct cudaExternalMemoryHandleDesc d;`, as C code and
# CUDA's own declarations write it, became `struct hipExternalMemoryHandleDesc d;`, which no
# compiler takes. Found by compiling `struct HIPNAME*` for every CUDA tag the tables rename (ROCm
# 5.2 and 7.2 headers; the host API surface check).
TYPEDEF_ONLY = frozenset({
    "hipExternalMemoryBufferDesc", "hipExternalMemoryHandleDesc", "hipExternalMemoryHandleType",
    "hipExternalMemoryMipmappedArrayDesc", "hipExternalSemaphoreHandleDesc",
    "hipExternalSemaphoreHandleType", "hipExternalSemaphoreSignalParams",
    "hipExternalSemaphoreWaitParams", "hipLibraryOption", "hipRoundMode",
})
_ELABORATED = frozenset({b"struct", b"enum", b"union"})


def _elaborated(ctx: Context, i: int, rename: Edit) -> tuple[Edit, ...]:
    """The edits for `struct NAME` where the HIP name is a typedef: the keyword goes. A forward
    declaration of CUDA's tag (`struct NAME;`) goes whole: HIP's header declares the type, and a
    tag of that name would clash with its typedef. A definition (`struct NAME {`) is left, as
    are uses without the keyword."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    before, after = syntax.prev_code(i), syntax.next_code(i)
    if before is None or toks.raw(before) not in _ELABORATED:
        return (rename,)
    follows = toks.raw(after) if after is not None else b""
    if follows in (b"{", b":"):
        return (rename,)
    if follows == b";" and after is not None:
        opener = syntax.prev_code(before)
        if opener is None or toks.raw(opener) in (b";", b"{", b"}"):
            return (Edit(toks.start(before), toks.end(after), b"", "identifiers"),)
        return (rename,)
    return (Edit(toks.start(before), toks.start(i), b"", "identifiers"), rename)


def _release_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version))


def _supplied_names_outside_tables(ctx: Context) -> Iterator[RuleOutput]:
    """Supplied names the mapping tables do not list: CUDA functions of no HIP (CUDA 12's
    __vimax3_s32...), and HIP names the target lacks written as HIP already (an earlier run's
    output, code ported by hand). Each use is noted, and the file needs the header."""
    names = supplied_hip_names(ctx.table)
    toks = ctx.parsed.tokens
    texts = toks.raws_of_kind(IDENT)
    if names.isdisjoint(texts):
        return
    for i, text in zip(toks.of_kind(IDENT), texts, strict=True):
        if text not in names:
            continue
        start = toks.start(i)
        if ctx.is_skipped(start):
            continue
        name = toks.text(i)
        entry = ctx.table.supplied[name]
        why = (f"{name} came with HIP {entry.hip_added} (target is {ctx.settings.hip_version})"
               if entry.hip_added else f"{name} has no HIP equivalent")
        note = supplied_note(name, ctx.settings, ctx.table, why, ctx.is_c)
        if note is None:
            continue
        yield Supply(name)
        yield Finding(note.code, start, toks.end(i), note.message, name, note.suggestion,
                      "supplied")


@functools.lru_cache(maxsize=4)  # tables compare by identity: once per loaded table
def supplied_hip_names(table: MappingTable) -> frozenset[bytes]:
    """The supplied names that are not CUDA names (hipDrvGetErrorString), as token bytes."""
    return frozenset(n.encode() for n, e in table.supplied.items()
                     if n not in table.entries and not e.helper)


def _strings(ctx: Context, resolution: Resolver) -> Iterator[Edit]:
    toks = ctx.parsed.tokens
    entries = ctx.table.entries
    include_lines = {inc.directive.first for inc in ctx.syntax.includes}
    for i in toks.of_kind(LITERAL):
        raw = toks.raw(i)
        if not _STRING_START.match(raw) or ctx.keeps_names(toks.start(i)):
            continue
        if include_lines and ctx.syntax.directive_at(i) is not None:
            d = ctx.syntax.directive_at(i)
            if d is not None and d.first in include_lines:
                continue
        base = toks.start(i)
        for m in _WORD.finditer(raw):
            entry = entries.get(m.group().decode())
            if entry is None or entry.family == FEATURE_MACROS:
                continue
            res = resolution(entry)
            if res.name is not None and res.name != entry.cuda:
                yield Edit(base + m.start(), base + m.end(), res.name.encode(), "string_literals")


_CUB = re.compile(rb"\bcub\b")

# CUB names that hipCUB's own (rocPRIM) backend does not declare, checked against ROCm 7.2's
# hipCUB headers and CCCL 2.8's CUB: `cub::X` becomes `hipcub::X`, which does not compile on
# AMD. The dispatch layer under the public Device* algorithms (projects go down to it for 64-bit
# item counts, xgboost's sorts and scans), and the device queries of cub/util_device.cuh.
CUB_DISPATCH_LAYER = frozenset({
    b"DispatchAdjacentDifference", b"DispatchBatchMemcpy", b"DispatchHistogram",
    b"DispatchMergeSort", b"DispatchRadixSort", b"DispatchReduce", b"DispatchReduceByKey",
    b"DispatchScan", b"DispatchScanByKey", b"DispatchSegmentedRadixSort",
    b"DispatchSegmentedReduce", b"DispatchSegmentedSort", b"DispatchSelectIf", b"DispatchSpmv",
    b"DispatchThreeWayPartitionIf", b"DispatchUniqueByKey", b"DeviceRleDispatch",
})
CUB_DEVICE_QUERIES = frozenset({
    b"CurrentDevice", b"DeviceCount", b"DeviceCountCachedValue", b"DeviceCountUncached",
    b"PtxVersion", b"PtxVersionUncached", b"SmVersion", b"SmVersionUncached", b"SyncStream",
    b"DebugSyncStream", b"MaxSmOccupancy", b"HasUVA", b"PerDeviceAttributeCache",
    b"GetPerDeviceAttributeCache",
})


# Those hipCUB lacks that the tables supply (mappings/supplied_cub.yaml): `cub::X` -> the name.
CUB_SUPPLIED = {
    b"CurrentDevice": "hipify_py_cub_CurrentDevice",
    b"DispatchRadixSort": "hipify_py_cub_DispatchRadixSort",
    b"DispatchSegmentedRadixSort": "hipify_py_cub_DispatchSegmentedRadixSort",
    b"DispatchScan": "hipify_py_cub_DispatchScan",
}


def _cub_supplied(ctx: Context, cub: int, member: int | None) -> Iterator[RuleOutput]:
    """`cub::X` -> the supplied name where the tables supply X and the target lacks it."""
    if member is None:
        return
    toks = ctx.parsed.tokens
    name = toks.raw(member)
    supplied = CUB_SUPPLIED.get(name)
    if supplied is None:
        return
    what = f"cub::{name.decode()}"
    note = supplied_note(supplied, ctx.settings, ctx.table,
                         f"{what} -> {supplied} (hipCUB has no {name.decode()})")
    if note is None:
        return
    yield Reference("cub", what, True)
    yield Edit(toks.start(cub), toks.end(member), supplied.encode(), "identifiers")
    yield Supply(supplied)
    yield Finding(note.code, toks.start(cub), toks.end(member), note.message, what,
                  note.suggestion, "cub")


def _cub_lacking(ctx: Context, member: int | None) -> Finding | None:
    """HPY105 on `cub::X` where hipCUB has no X (CUB_DISPATCH_LAYER, CUB_DEVICE_QUERIES)."""
    if member is None:
        return None
    toks = ctx.parsed.tokens
    name = toks.raw(member)
    if name in CUB_DISPATCH_LAYER:
        message = (f"cub::{name.decode()}: CUB's dispatch layer under its Device* algorithms, "
                   "which hipCUB does not have")
        suggestion = ("call the public hipcub::Device* algorithm (hipCUB's take 64-bit item "
                      "counts), or rocprim:: directly")
    elif name in CUB_DEVICE_QUERIES:
        message = f"cub::{name.decode()}: a CUB device query (cub/util_device.cuh) hipCUB does not have"
        suggestion = ("ask the HIP runtime (hipGetDevice, hipGetDeviceCount, "
                      "hipDeviceGetAttribute, hipStreamSynchronize, "
                      "hipOccupancyMaxActiveBlocksPerMultiprocessor)")
    else:
        return None
    return Finding("HPY105", toks.start(member), toks.end(member), message,
                   f"cub::{name.decode()}", suggestion, "cub")


def _cub_namespace(ctx: Context) -> Iterator[RuleOutput]:
    """`cub::X` and `using namespace cub` -> hipcub (not `x.cub`, not `mine::cub`)."""
    data = ctx.data
    if b"cub" not in data:
        return
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i in identifier_tokens(ctx, _CUB):
        if ctx.keeps_names(toks.start(i)):
            continue
        nxt = syntax.next_code(i)
        prev = syntax.prev_code(i)
        before = toks.raw(prev) if prev is not None else b""
        if nxt is not None and toks.raw(nxt) == b"::":
            if before in _MEMBER or (before == b"::" and not _global_qualifier(ctx, prev)):
                continue
        elif before == b"namespace":
            using = syntax.prev_code(prev) if prev is not None else None
            if using is None or toks.raw(using) != b"using":
                continue  # `namespace cub {` declares the user's own namespace
        else:
            continue
        member = syntax.next_code(nxt) if nxt is not None and toks.raw(nxt) == b"::" else None
        supplied = list(_cub_supplied(ctx, i, member))
        if supplied:
            yield from supplied
            continue
        lacking = _cub_lacking(ctx, member)
        if lacking is not None:
            yield Reference("cub", str(lacking.cuda_name), False)
            yield lacking
        else:
            yield Reference("cub", "cub", True)
        yield Edit(toks.start(i), toks.end(i), b"hipcub", "identifiers")


# Thrust's CUDA backend -> rocThrust's HIP backend (same algorithms, other names): each name
# with the qualifiers it is Thrust's under (checked against ROCm 7.2's rocThrust headers).
_THRUST_SYSTEM = ((b"thrust",), (b"thrust", b"system"))
_THRUST_BACKEND: dict[bytes, tuple[bytes, tuple[tuple[bytes, ...], ...]]] = {
    b"cuda": (b"hip", _THRUST_SYSTEM),
    b"cuda_cub": (b"hip_rocprim", ((b"thrust",),)),
    b"cuda_category": (b"hip_category", _THRUST_SYSTEM),  # thrust/system/cuda/error.h
    # The allocator Thrust's device memory resources are made of (thrust/system/*/memory_resource.h)
    b"cuda_memory_resource": (b"hip_memory_resource", ((b"thrust", b"system", b"cuda", b"detail"),)),
}
_THRUST_NAMES = re.compile(
    rb"\b(?:cuda_cub|cuda|cuda_category|cuda_memory_resource|THRUST_DEVICE_SYSTEM_CUDA)\b")


def _thrust_backend(ctx: Context) -> Iterator[RuleOutput]:
    """`thrust::cuda::par`, `thrust::cuda_cub::stream`, `thrust::cuda_category()` and
    THRUST_DEVICE_SYSTEM_CUDA name Thrust's CUDA backend; rocThrust's is thrust::hip,
    thrust::hip_rocprim, thrust::hip_category(), ..._HIP."""
    if b"thrust" not in ctx.data and b"THRUST_DEVICE_SYSTEM_CUDA" not in ctx.data:
        return
    toks = ctx.parsed.tokens
    for i in identifier_tokens(ctx, _THRUST_NAMES):
        if ctx.keeps_names(toks.start(i)):
            continue
        name = toks.raw(i)
        if name == b"THRUST_DEVICE_SYSTEM_CUDA":
            target = b"THRUST_DEVICE_SYSTEM_HIP"
        else:
            target, qualified = _THRUST_BACKEND[name]
            if _qualifiers(ctx, i) not in qualified:
                continue
        yield Reference("cub", name.decode(), True)
        yield Edit(toks.start(i), toks.end(i), target, "identifiers")
        # (a shim drops it: the shim keeps the CUDA source, which nvcc builds on NVIDIA)
        if name != b"THRUST_DEVICE_SYSTEM_CUDA":
            yield Finding("HPY531", toks.start(i), toks.end(i),
                          f"thrust::{name.decode()} -> thrust::{target.decode()}: rocThrust's "
                          "backend; HIP's NVIDIA platform builds with CUDA's Thrust, which "
                          f"names it thrust::{name.decode()}", name.decode(), AMD_ONLY_THRUST,
                          "cub")


def _qualifiers(ctx: Context, i: int) -> tuple[bytes, ...]:
    """The names qualifying token i, outermost first: `thrust::system::cuda` -> (thrust, system)."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    names: list[bytes] = []
    colons = syntax.prev_code(i)
    while colons is not None and toks.raw(colons) == b"::":
        qualifier = syntax.prev_code(colons)
        if qualifier is None or toks.kinds[qualifier] != IDENT:
            break
        names.append(toks.raw(qualifier))
        colons = syntax.prev_code(qualifier)
    return tuple(reversed(names))


# CUDA class templates whose names are ordinary words elsewhere (an OpenGL header's parameters
# named texture gave 90 removed-API warnings): CUDA's only when template arguments follow.
_TEMPLATE_WORDS = frozenset({b"texture", b"surface"})


def is_member_or_user_name(
    ctx: Context,
    i: int,
    scopes: Ranges,
    entries: Mapping[str, ApiEntry],
) -> bool:
    """True when token i is not a use of the CUDA API: a member, or the user's own name."""
    toks = ctx.parsed.tokens
    if toks.raw(i) in _TEMPLATE_WORDS:
        nxt = ctx.syntax.next_code(i)
        if nxt is None or toks.raw(nxt) != b"<":
            return True  # `GLuint texture`: an ordinary word, CUDA's only as texture<...>
    if toks.raw(i)[:1].islower() and _is_device_function(toks.text(i), entries):
        nxt = ctx.syntax.next_code(i)
        if nxt is None or toks.raw(nxt) != b"(":
            return True  # `float umin = ...`: a variable; CUDA's umin() is only ever called
        if ctx.path.endswith(".c") or toks.text(i) in _declared_functions(ctx):
            return True  # C has no device code; a file that defines umin() calls its own
    prev = ctx.syntax.prev_code(i)
    if prev is not None:
        before = toks.raw(prev)
        if before in _MEMBER:
            return True
        if before == b"::" and not _global_qualifier(ctx, prev):
            qualifier = ctx.syntax.prev_code(prev)
            # `mylib::cudaX` is the user's own name; `cudaMemcpyKind::cudaMemcpyHostToDevice`
            # (a CUDA enum as qualifier) is still the API.
            return qualifier is not None and toks.text(qualifier) not in entries
    pos = toks.start(i)
    return pos in scopes


def _declared_functions(ctx: Context) -> frozenset[str]:
    """Lowercase device-function names this file declares itself (`double umin(double a)`)."""
    found: frozenset[str] | None = ctx.memo.get("declared_device_functions")
    if found is None:
        toks = ctx.parsed.tokens
        names = set()
        for i, entry in ctx.api_tokens:
            if not (entry.cuda[:1].islower() and entry.family == "device"):
                continue
            nxt = ctx.syntax.next_code(i)
            if nxt is not None and toks.raw(nxt) == b"(" and after_a_type(ctx, i):
                names.add(entry.cuda)
        found = ctx.memo["declared_device_functions"] = frozenset(names)
    return found


def _is_device_function(name: str, entries: Mapping[str, ApiEntry]) -> bool:
    entry = entries.get(name)
    return entry is not None and entry.family == "device" and entry.section.endswith("Functions")


def _global_qualifier(ctx: Context, colons: int | None) -> bool:
    """`::cudaMalloc` (explicit global scope) rather than `ns::cudaMalloc`."""
    if colons is None:
        return True
    toks: TokenList = ctx.parsed.tokens
    prev = ctx.syntax.prev_code(colons)
    return prev is None or (toks.kinds[prev] != IDENT and toks.raw(prev) not in (b">", b">>"))


def user_scopes(ctx: Context) -> dict[str, Ranges]:
    """Mapped names the user declares in a namespace: name -> the scopes that declare it."""
    scopes: dict[str, list[tuple[int, int]]] = {}
    for decl in ctx.parsed.user_declarations:
        scopes.setdefault(decl.name, []).append((decl.start, decl.end))
    return {name: Ranges(v) for name, v in scopes.items()}
