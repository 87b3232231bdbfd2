"""CUDA names no table row covers, left in code: reported on their line (HPY119).

The mapping tables list CUDA's APIs one name at a time. Some CUDA code is recognisable as
CUDA's by where its names live rather than by the names themselves, and would otherwise pass
through silently and fail to compile:

* libcu++: anything qualified by the `cuda::` namespace (`cuda::std::atomic`, `cuda::pipeline`,
  `cuda::memcpy_async`); HIP has no such namespace. The exceptions are libcu++ names hipify-py
  supplies (LIBCUDACXX_SUPPLIED: `cuda::maximum<>`, `cuda::minimum<>`, the reduction operators
  CCCL 2.8 made CUB's), which are renamed to the supplied name, and noted (HPY530).
* cooperative groups: `cooperative_groups::X` (or through a namespace alias such as `cg`) where
  the target HIP's cooperative groups lack X (`memcpy_async`, `reduce`, `plus`, `this_cluster`).
* prefixes CUDA reserves for itself: `__nv_*` types and intrinsics, the `__pipeline_*`
  primitives, and NVTX's `nvtx*` functions (roctx is the AMD counterpart).
* names of a header HIP has no counterpart of, where the header lists them by pattern
  (headers.yaml's `declares`: NVML's `nvml*` and `NVML_*`) and no table row covers them. The rows
  of such a header (mappings/nvml.yaml) are the identifiers rule's: hipify_supplied.h supplies
  them; the rest of the header's API is reported here, on its line. `header_name_uses` gives
  the includes rule the same uses, to drop the include where all are supplied.

Names the table knows are the identifiers rule's business; a name the file declares itself, and
any name in a namespace the file opens itself (`namespace cuda {`), are the user's. Only code
the CUDA reading compiles counts (`#if CCCL_VERSION >= 2008002` branches for a newer CUDA than
--cuda-version are not): nothing else here is rewritten, so a dead branch needs no finding.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import IDENT, KEYWORD, PUNCT
from hipify_py.engine.rules.base import Context, Reference, RuleOutput, Supply, identifier_tokens
from hipify_py.engine.rules.hip_branches import in_cuda_body
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Version
from hipify_py.tables.mapping_model import HeaderEntry, MappingTable
from hipify_py.tables.targets import resolve, supplied_note

# libcu++ names with an implementation in the tables (mappings/supplied_libcudacxx.yaml): the
# name the translated code uses instead. Function objects of <cuda/functional>, which CCCL 2.8
# made CUB's reduction operators (cub::Max() became cuda::maximum<>{}).
LIBCUDACXX_SUPPLIED = {
    "cuda::maximum": "hipify_py_maximum",
    "cuda::minimum": "hipify_py_minimum",
}

# What `namespace cooperative_groups` declares in HIP's headers (hip_cooperative_groups.h), read
# from clang's AST of the installed headers (tests/test_hip_headers.py re-reads them where
# installed). Members of the groups (`tile.sync()`, `block.thread_rank()`) are not listed:
# member access is not checked here.
HIP_COOPERATIVE_GROUPS_52 = frozenset({
    "coalesced_group", "coalesced_threads", "grid_group", "group_size", "is_valid",
    "multi_grid_group", "sync", "this_grid", "this_multi_grid", "this_thread_block",
    "thread_block", "thread_block_tile", "thread_group", "thread_rank", "tiled_partition",
})
HIP_COOPERATIVE_GROUPS_72 = HIP_COOPERATIVE_GROUPS_52 | {"binary_partition", "this_thread"}
_FIRST_WITH_72_GROUPS = Version.parse("7.0")

_CUDA_PREFIXED = re.compile(rb"\b(?:__nv_\w+|__pipeline_\w+|nvtx[A-Z]\w*)")
_CUDA_NAMESPACE = re.compile(rb"\bcuda\b")
_GROUPS_ALIAS = re.compile(rb"\bnamespace\s+(\w+)\s*=\s*(?:::)?\s*cooperative_groups\s*;")
_OWN_NAMESPACE = re.compile(rb"\bnamespace\s+(cuda|cooperative_groups)\s*(?:\{|::)")
_DECLARED_BEFORE = frozenset({b"struct", b"class", b"union", b"enum", b"typedef", b"using"})


def report_residue(ctx: Context) -> Iterator[RuleOutput]:
    data = ctx.data
    own = _own_top_level_namespaces(ctx)
    if b"cuda" in data and b"cuda" not in own:
        yield from _libcudacxx(ctx, own)
    if b"cooperative_groups" in data and b"cooperative_groups" not in own:
        yield from _cooperative_groups(ctx)
    if b"__nv_" in data or b"__pipeline_" in data or b"nvtx" in data:
        yield from _prefixed(ctx)
    yield from _header_names(ctx)


def _own_top_level_namespaces(ctx: Context) -> set[bytes]:
    """`cuda` / `cooperative_groups` when the file opens such a namespace at global scope (a
    nested `mylib::cuda` does not make `::cuda` the user's)."""
    found: set[bytes] = set()
    toks = ctx.parsed.tokens
    for m in _OWN_NAMESPACE.finditer(ctx.data):
        i = toks.index_at(m.start())
        if i >= len(toks) or toks.start(i) != m.start():
            continue  # in a comment or string
        depth = 0
        for k in range(i):
            raw = toks.raw(k)
            if raw == b"{" and toks.kinds[k] == PUNCT:
                depth += 1
            elif raw == b"}" and toks.kinds[k] == PUNCT:
                depth -= 1
        if depth <= 0:
            found.add(m.group(1))
    return found


def _dead(ctx: Context, i: int) -> bool:
    """Not compiled: by the CUDA reading, or by hipcc, because the author wrote a HIP branch
    for it. Asked last: the first question re-reads the file's preprocessor."""
    offset = ctx.parsed.tokens.start(i)
    return in_cuda_body(ctx, offset) or ctx.is_inactive(offset)


def _in_include(ctx: Context, i: int) -> bool:
    directive = ctx.syntax.directive_at(i)
    return directive is not None and directive.name in ("include", "include_next", "import")


def _qualified_name(ctx: Context, i: int) -> tuple[str, int]:
    """`cuda::std::atomic` from its first token: the text and the index of its last token."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    parts = [toks.text(i)]
    last = i
    while True:
        colons = syntax.next_code(last)
        name = syntax.next_code(colons) if colons is not None else None
        if colons is None or name is None or toks.raw(colons) != b"::" or toks.kinds[name] != IDENT:
            return "::".join(parts), last
        parts.append(toks.text(name))
        last = name


def libcudacxx_uses(ctx: Context, own: set[bytes] | None = None,
                    ) -> Iterator[tuple[int, str, int]]:
    """Each use of libcu++ the CUDA reading compiles: (first token, qualified name, last
    token). None where the file opens a namespace `cuda` of its own (own: the file's own
    top-level namespaces, where known)."""
    if b"cuda" not in ctx.data:
        return
    if b"cuda" in (own if own is not None else _own_top_level_namespaces(ctx)):
        return
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i in identifier_tokens(ctx, _CUDA_NAMESPACE):
        if _in_include(ctx, i):
            continue
        nxt = syntax.next_code(i)
        if nxt is None or toks.raw(nxt) != b"::":
            continue
        if _member_or_inside_a_name(ctx, i):
            continue  # thrust::cuda::par, mylib::cuda::...: not libcu++
        name, last = _qualified_name(ctx, i)
        if _dead(ctx, i):
            continue
        yield i, name, last


def _libcudacxx(ctx: Context, own: set[bytes]) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    for i, name, last in libcudacxx_uses(ctx, own):
        supplied = LIBCUDACXX_SUPPLIED.get(name)
        note = supplied_note(supplied, ctx.settings, ctx.table, f"{name} -> {supplied} (HIP "
                             "has no libcu++)") if supplied is not None else None
        if supplied is not None and note is not None:
            yield Reference("device", name, True)
            yield Edit(toks.start(i), toks.end(last), supplied.encode(), "identifiers")
            yield Supply(supplied)
            yield Finding(note.code, toks.start(i), toks.end(last), note.message, name,
                          note.suggestion, "device")
            continue
        yield Reference("device", name, False)
        yield libcudacxx_unported(name, toks.start(i), toks.end(last))


def libcudacxx_unported(name: str, start: int, end: int) -> Finding:
    """HPY119 on a use of libcu++: where no supplied name replaces it, or where the source is
    kept as it is (the shim's), which no rename reaches."""
    return Finding("HPY119", start, end, f"{name}: libcu++ (namespace cuda) has no HIP counterpart",
                   name, "use the C++ standard library (std::atomic, std::barrier, ...) or a HIP "
                   "intrinsic instead", "device")


def _cooperative_groups(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    data = ctx.data
    version = ctx.settings.hip_version
    available = (HIP_COOPERATIVE_GROUPS_72 if version is None or version >= _FIRST_WITH_72_GROUPS
                 else HIP_COOPERATIVE_GROUPS_52)
    aliases = {m.group(1) for m in _GROUPS_ALIAS.finditer(data)} | {b"cooperative_groups"}
    pattern = re.compile(rb"\b(?:" + b"|".join(re.escape(a) for a in sorted(aliases)) + rb")\b")
    for i in identifier_tokens(ctx, pattern):
        if _in_include(ctx, i):
            continue
        colons = syntax.next_code(i)
        member = syntax.next_code(colons) if colons is not None else None
        if colons is None or member is None or toks.raw(colons) != b"::":
            continue
        if toks.kinds[member] not in (IDENT, KEYWORD):
            continue
        prev = syntax.prev_code(i)
        if prev is not None and toks.raw(prev) in (b".", b"->", b"::"):
            continue
        what = toks.text(member)
        if what in available or what.startswith("__"):
            continue
        name = f"{toks.text(i)}::{what}"
        if _dead(ctx, i):
            continue
        yield Reference("device", name, False)
        yield Finding(
            "HPY119", toks.start(i), toks.end(member),
            f"{name}: HIP's cooperative groups have no {what}"
            + ("" if version is None else f" (target HIP {version})"), name,
            _GROUPS_SUGGESTIONS.get(what, "write it with the groups HIP has (thread_block, "
                                    "tiled_partition) and warp intrinsics"), "device",
        )


_GROUPS_SUGGESTIONS = {
    "reduce": "use hipCUB's WarpReduce/BlockReduce or a shuffle loop over the tile",
    "inclusive_scan": "use hipCUB's WarpScan/BlockScan",
    "exclusive_scan": "use hipCUB's WarpScan/BlockScan",
    "memcpy_async": "copy with ordinary loads and stores, then sync the group",
    "wait": "sync the group (group.sync()) after ordinary copies",
    "wait_prior": "sync the group (group.sync()) after ordinary copies",
}


def _prefixed(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    entries = ctx.table.entries
    declared = _declared_here(ctx)
    for i in identifier_tokens(ctx, _CUDA_PREFIXED):
        name = toks.text(i)
        if name in entries or name in declared:
            continue
        if _in_include(ctx, i):
            continue
        prev = syntax.prev_code(i)
        if prev is not None and toks.raw(prev) in (b".", b"->", b"::"):
            continue
        if _dead(ctx, i):
            continue
        nvtx = name.startswith("nvtx")
        family = "runtime" if nvtx else "device"
        yield Reference(family, name, False)
        yield Finding(
            "HPY119", toks.start(i), toks.end(i),
            f"{name}: " + ("NVTX has no HIP counterpart" if nvtx else
                           "a CUDA-only name (no HIP counterpart in the tables)"),
            name,
            "use roctx (roctxRangePushA/roctxRangePop/roctxMarkA from roctracer/roctx.h)" if nvtx
            else None,
            family,
        )


def _declared_here(ctx: Context, pattern: re.Pattern[bytes] = _CUDA_PREFIXED) -> frozenset[str]:
    """Names of the pattern the file declares itself: after a type, `struct`/`class`/..., or
    `#define`."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    found = set()
    for i in identifier_tokens(ctx, pattern):
        prev = syntax.prev_code(i)
        if prev is None:
            continue
        before = toks.raw(prev)
        directive = syntax.directive_at(i)
        if directive is not None and directive.name in ("define", "undef") and before in (
                b"define", b"undef"):
            found.add(toks.text(i))
        elif directive is None and (
                before in _DECLARED_BEFORE or before in _TYPE_KEYWORDS
                or (toks.kinds[prev] == IDENT and before not in _QUALIFIER_MACROS)):
            found.add(toks.text(i))  # `struct __nv_x`, `int __nv_f(`, `MyType nvtxThing`
    return frozenset(found)


_TYPE_KEYWORDS = frozenset({b"void", b"bool", b"char", b"short", b"int", b"long", b"float",
                            b"double", b"unsigned", b"signed", b"auto"})
# CUDA's declaration specifiers: after one of these the name is a type being used.
_QUALIFIER_MACROS = frozenset({b"__device__", b"__host__", b"__global__", b"__forceinline__",
                               b"__inline__", b"__shared__", b"__constant__", b"__managed__",
                               b"__restrict__", b"__noinline__"})


# --- names of headers HIP has no counterpart of (headers.yaml's `declares`) --------------------

def _glob_regex(glob: str) -> bytes:
    """A `declares` glob as a regular expression over one identifier: `*` any word characters,
    `?` one, `[A-Z]` a class."""
    out, k = [], 0
    while k < len(glob):
        c = glob[k]
        end = glob.find("]", k + 1) if c == "[" else -1
        if c == "*":
            out.append(r"\w*")
        elif c == "?":
            out.append(r"\w")
        elif end > k:
            out.append(glob[k:end + 1])
            k = end
        else:
            out.append(re.escape(c))
        k += 1
    return "".join(out).encode()


@functools.lru_cache(maxsize=64)
@functools.cache
def _literal_prefixes(globs: tuple[str, ...]) -> tuple[bytes, ...]:
    """What every name a glob matches starts with (`nvml[A-Z]*` -> b"nvml")."""
    return tuple(re.split(r"[*?\[]", g, maxsplit=1)[0].encode() for g in globs)


def declared_names(globs: Sequence[str]) -> re.Pattern[bytes]:
    """The identifiers a header's `declares` globs name, as one pattern over a file's bytes."""
    return re.compile(rb"\b(?:" + b"|".join(_glob_regex(g) for g in globs) + rb")\b")


@functools.lru_cache(maxsize=4)  # tables compare by identity: once per loaded table
def _declaring_headers(table: MappingTable) -> tuple[HeaderEntry, ...]:
    """Unsupported headers that list what they declare, one per list (cudaTypedefs.h-style
    duplicates of a header's list are one)."""
    seen: dict[tuple[str, ...], HeaderEntry] = {}
    for entry in table.headers.values():
        if entry.unsupported and entry.declares:
            seen.setdefault(entry.declares, entry)
    return tuple(seen.values())


def _member_or_inside_a_name(ctx: Context, i: int) -> bool:
    """Is token i a member (`x.name`, `p->name`) or qualified by a name (`ns::name`), so not
    the global one a CUDA header declares? (`::name` is the global one.)"""
    toks = ctx.parsed.tokens
    prev = ctx.syntax.prev_code(i)
    if prev is None:
        return False
    if toks.raw(prev) in (b".", b"->"):
        return True
    qualifier = ctx.syntax.prev_code(prev) if toks.raw(prev) == b"::" else None
    return qualifier is not None and toks.kinds[qualifier] == IDENT


def header_name_uses(ctx: Context, entry: HeaderEntry, live_only: bool = True,
                     unlisted_only: bool = False) -> list[tuple[int, str]]:
    """Each use of a name the (unsupported) header declares: (token, name), in code the CUDA
    reading compiles (or, not live_only, in any #if branch); unlisted_only: of a name no table
    row lists. Not a member (`x.nvmlInit`), not a name in a namespace of the file's own, not a
    name the file (or a project header it includes) defines or declares itself."""
    key = f"header_name_uses {' '.join(entry.declares)} {live_only} {unlisted_only}"
    known: list[tuple[int, str]] | None = ctx.memo.get(key)
    if known is None:
        known = ctx.memo[key] = _header_name_uses(ctx, entry, live_only, unlisted_only)
    return known


def _header_name_uses(ctx: Context, entry: HeaderEntry, live_only: bool,
                      unlisted_only: bool) -> list[tuple[int, str]]:
    if not any(prefix in ctx.data for prefix in _literal_prefixes(entry.declares)):
        return []  # most files: a byte search, not a regex pass, per declaring header
    toks = ctx.parsed.tokens
    pattern = declared_names(entry.declares)
    found = identifier_tokens(ctx, pattern)
    if unlisted_only:
        found = [i for i in found if toks.text(i) not in ctx.table.entries]
    if not found:
        return []
    own = _own_names(ctx, pattern)
    out = []
    for i in found:
        name = toks.text(i)
        if name in own or _in_include(ctx, i):
            continue
        if _member_or_inside_a_name(ctx, i):
            continue  # x.nvmlInit, mine::NVML_X
        if live_only and _dead(ctx, i):
            continue
        out.append((i, name))
    return out


def supplied_here(ctx: Context, name: str) -> bool:
    """Whether hipify_supplied.h supplies the name (a row of the tables) to this file."""
    entry = ctx.table.entries.get(name)
    return entry is not None and resolve(entry, ctx.settings, ctx.table, None, ctx.is_c).supplied


def _own_names(ctx: Context, pattern: re.Pattern[bytes]) -> frozenset[str]:
    """Names of the pattern the file declares or defines, and those its project headers
    #define (`NVML_CHECK`, a project's macro around NVML calls, is the project's)."""
    names = set(_declared_here(ctx, pattern))
    for text in ctx.project_headers(1 << 20):
        if pattern.search(text):
            names.update(m.group(1).decode() for m in _DEFINE.finditer(text))
    return frozenset(names)


_DEFINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+(\w+)", re.M)


def _header_names(ctx: Context) -> Iterator[RuleOutput]:
    """HPY119 on each use of a header's name no table row covers (the rows are supplied, or
    reported by the identifiers rule)."""
    toks = ctx.parsed.tokens
    for entry in _declaring_headers(ctx.table):
        for i, name in header_name_uses(ctx, entry, unlisted_only=True):
            if _CUDA_PREFIXED.fullmatch(name.encode()):
                continue  # an nvtx* name: _prefixed reports it
            yield Reference(entry.family, name, False)
            yield Finding("HPY119", toks.start(i), toks.end(i),
                          f"{name}: {entry.cuda} declares it, and HIP has no counterpart "
                          f"(hipify_supplied.h does not supply it)", name, entry.note,
                          entry.family)
