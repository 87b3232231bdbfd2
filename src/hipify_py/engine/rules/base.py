"""What every rule sees (Context) and what it may yield (Edit, Finding, Reference)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import IDENT, KEYWORD, PUNCT, ParsedSource
from hipify_py.engine.ranges import Ranges
from hipify_py.engine.syntax import Call, Span, Syntax
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import ApiEntry, ArgAction, LazyEntries, MappingTable

_VECTOR_TYPES = frozenset(
    f"{prefix}{base}{n}"
    for base in ("char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong",
                 "ulonglong", "float", "double")
    for n in (2, 3, 4)  # int1, float1...: rare in CUDA, common as variable names
    for prefix in ("", "make_")
) | {"dim3"}
_CUDA_KEYWORDS = frozenset(
    {"__global__", "__device__", "__shared__", "__constant__", "__managed__",
     "__launch_bounds__", "threadIdx", "blockIdx", "blockDim", "gridDim"}
) | _VECTOR_TYPES
# A quick byte search before looking at tokens (one pattern, not an alternation of 100 words).
_CUDA_MARKERS = re.compile(
    rb"__(?:global|device|shared|constant|managed|launch_bounds)__|(?:thread|block)Idx|"
    rb"(?:block|grid)Dim|\bdim3\b|\b(?:make_)?u?(?:char|short|int|long|longlong|float|double)[2-4]\b"
)

# Helpers that exist only in the legacy cuBLAS API (cublas.h): they have no handle-based form.
LEGACY_CUBLAS_ONLY = frozenset(
    {"cublasInit", "cublasShutdown", "cublasAlloc", "cublasFree", "cublasGetError",
     "cublasSetKernelStream"}
)
_DEFINED_NAME = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+(\w+)", re.M)
# A type the code defines itself: `struct uchar4 {`, `typedef struct {...} uchar4;`,
# `typedef unsigned char uchar4[4];`, `using uchar4 = ...`.
_DECLARED_TYPE = re.compile(
    rb"\b(?:struct|class|union)\s+(\w+)\s*(?:final\s*)?[{:]"
    rb"|\}\s*(\w+)\s*;"
    rb"|\btypedef\b[^;{}]*?\b(\w+)\s*(?:\[[^\]]*\]\s*)*;"
    rb"|\busing\s+(\w+)\s*=")
_OWN_HEADER_BYTES = 1 << 20  # a larger "header" is not read for the names it defines
_COMPILER_MACROS = frozenset({"__CUDACC__", "__NVCC__", "__CUDA_ARCH__", "__HIPCC__",
                              "__HIP_DEVICE_COMPILE__", "__HIP__", "__CUDACC_RTC__"})
_COMPILER_TESTS = re.compile("|".join(sorted(_COMPILER_MACROS)).encode())


class Reference(NamedTuple):
    """One use of a mapped CUDA name, for --print-stats style statistics."""

    family: str
    cuda: str
    converted: bool


@dataclass
class Context:
    path: str  # the file's path on disk (or a display name for stdin)
    parsed: ParsedSource
    table: MappingTable
    settings: Settings
    # Resolves an include (name, written <...>) to a file of the user's tree (None: not found
    # locally), as port/local_headers.py's local_resolver.
    resolve_local: Callable[[str, bool], str | None] = field(default=lambda _h, _a: None)
    # A host-only source of the tree that includes this file (then nothing HIP-only is added).
    host_includer: str | None = None
    # A host-only C++ source's first local header that shows CUDA (see includes.py).
    gpu_header: str | None = None
    # Per-file results one rule computes and another consults (see rules/warp_sync.py).
    memo: dict[str, Any] = field(default_factory=dict)
    # The #if branches the CUDA reading does not compile, whatever the skip option says. Parsing
    # keeps every branch by default (so all are renamed); this re-reads the file's preprocessor
    # only when a rule asks.
    find_inactive: Callable[[], tuple[tuple[int, int], ...]] = field(default=lambda: ())

    @cached_property
    def syntax(self) -> Syntax:
        return Syntax(self.parsed)

    @property
    def data(self) -> bytes:
        return self.parsed.data

    @cached_property
    def skipped(self) -> tuple[tuple[int, int], ...]:
        return self.parsed.skipped_ranges if self.settings.skip_excluded_blocks else ()

    @cached_property
    def inactive(self) -> tuple[tuple[int, int], ...]:
        return self.parsed.skipped_ranges if self.settings.skip_excluded_blocks else (
            self.find_inactive())

    @cached_property
    def _inactive_ranges(self) -> Ranges:
        return Ranges(self.inactive)

    @cached_property
    def _skipped_ranges(self) -> Ranges:
        return Ranges(self.skipped)

    def is_inactive(self, offset: int) -> bool:
        """In an #if branch that the CUDA reading of the file does not compile."""
        return offset in self._inactive_ranges

    def is_skipped(self, offset: int) -> bool:
        return bool(self.skipped) and offset in self._skipped_ranges

    def keeps_names(self, offset: int) -> bool:
        """Are the CUDA names at offset left as they are? So in an #if branch that
        --skip-excluded-preprocessor-conditional-blocks skips, unless --amap, which (as
        hipify-clang's, that "ignores default-preprocessor") renames them there all the same.
        What needs the parse (launches, arguments, includes) skips such branches either way."""
        return not self.settings.amap and self.is_skipped(offset)

    @cached_property
    def newline(self) -> bytes:
        """The file's line ending, for text a rule inserts (CRLF files stay CRLF)."""
        return b"\r\n" if b"\r\n" in self.data[:4096] else b"\n"

    @property
    def is_c(self) -> bool:
        """A C source file: compiled by the C compiler under nvcc and in a HIP build alike."""
        return self.path.endswith(".c")

    @cached_property
    def is_gpu_code(self) -> bool:
        """Is this file compiled by hipcc after translation? Every .cu/.cuh is, and any C++
        file that uses CUDA (a .c file never is: it can hold no device code)."""
        return self.path.endswith((".cu", ".cuh")) or (not self.is_c and self.uses_cuda)

    @cached_property
    def uses_cuda(self) -> bool:
        """Does the file use CUDA in code (not in comments or strings): a mapped name, a kernel
        launch, an execution-space keyword, a built-in variable or a CUDA vector type? Tests of
        CUDA's macros (`#ifdef __CUDACC__`) are not uses, and neither is anything inside such a
        test's branch: a C header shared with host code compiles it only under nvcc/hipcc."""
        guarded = Ranges(self.cuda_compiler_branches)
        toks = self.parsed.tokens

        def outside(offset: int) -> bool:
            return offset not in guarded

        if any(outside(launch.callee.start) for launch in self.syntax.launches):
            return True
        # Identity mappings (y0, cosf, ...) are plain C/C++ names too: they do not make a file CUDA.
        # Nor does a member (`tracer.nvtxRangePush(...)`) or a function the file declares with
        # a built-in return type (`void nvtxRangePush(const char*)`): those names are its own.
        if any(entry.hip != entry.cuda and entry.family != "feature_macros"
               and entry.cuda not in _COMPILER_MACROS and outside(toks.start(i))
               and not self._own_use(i)
               for i, entry in self.api_tokens):
            return True
        if _CUDA_MARKERS.search(self.data) is None:
            return False
        # `#define uint4 uint32_t`, `struct uchar4 {...}`: a name the file (or a header of the
        # project it includes) defines itself is its own, not CUDA's. Host code that brings its
        # own uchar4 then gets no hip_runtime.h, whose uchar4 it would redefine.
        own = self.own_names
        return any(text in _CUDA_KEYWORDS and text not in own and outside(toks.start(i))
                   for i in toks.of_kind(IDENT) for text in (toks.text(i),))

    def _own_use(self, i: int) -> bool:
        """Token i is a member's name or a declaration of the file's own (after a built-in type)."""
        prev = self.syntax.prev_code(i)
        return prev is not None and self.parsed.tokens.raw(prev) in _OWN_BEFORE

    def project_headers(self, limit: int) -> Iterator[bytes]:
        """The first `limit` bytes of each project header the file includes (those that cannot
        be read are left out: a rule's guess about them is no worse than about any other)."""
        for inc in self.syntax.includes:
            header = self.resolve_local(inc.header, inc.angled)
            if header is None:
                continue
            try:
                with open(header, "rb") as handle:
                    yield handle.read(limit)
            except OSError:
                continue

    @cached_property
    def own_names(self) -> frozenset[str]:
        """Macros and types the file defines, and the types its project headers define."""
        names = {m.group(1).decode() for m in _DEFINED_NAME.finditer(self.data)}
        names |= _declared_types(self.data)
        for text in self.project_headers(_OWN_HEADER_BYTES):
            names |= _declared_types(text)
        return frozenset(names)

    @cached_property
    def cuda_compiler_branches(self) -> tuple[tuple[int, int], ...]:
        """Byte ranges of #if branches taken only by a CUDA (or HIP) compiler: `#ifdef
        __CUDACC__`, `#if defined(__CUDA_ARCH__) && ...`, the #else of `#ifndef __NVCC__`."""
        if not _COMPILER_TESTS.search(self.data):
            return ()
        toks = self.parsed.tokens
        out: list[tuple[int, int]] = []
        stack: list[tuple[int, bool, bool]] = []  # (branch start, guarded, negated test)
        for d in self.syntax.directives:
            words = [toks.text(k) for k in range(d.first + 1, d.last + 1)]
            if d.name in ("if", "ifdef", "ifndef"):
                tests = any(w in _COMPILER_MACROS for w in words)
                negated = d.name == "ifndef" or "!" in words
                stack.append((d.end, tests and not negated, tests and negated))
            elif d.name in ("elif", "else", "endif") and stack:
                start, guarded, negated = stack.pop()
                if guarded:
                    out.append((start, d.start))
                if d.name == "else":
                    stack.append((d.end, negated, False))
                elif d.name == "elif":
                    tests = any(w in _COMPILER_MACROS for w in words) and "!" not in words
                    stack.append((d.end, tests, False))
        return tuple(out)

    @cached_property
    def cublas_legacy(self) -> bool:
        """Does the file include the legacy cuBLAS API (cublas.h without cublas_v2.h)?"""
        headers = {inc.header for inc in self.syntax.includes}
        return "cublas.h" in headers and "cublas_v2.h" not in headers

    def is_legacy_cublas(self, entry: ApiEntry) -> bool:
        """A legacy-only helper, or, in a file that includes cublas.h but not cublas_v2.h, a BLAS
        routine that has a _v2 form (its legacy signature has no handle argument)."""
        if entry.cuda in LEGACY_CUBLAS_ONLY:
            return True
        return (
            self.cublas_legacy
            and "Level-" in entry.section
            and not entry.cuda.endswith("_v2")
            and f"{entry.cuda}_v2" in self.table.entries
        )

    @cached_property
    def uses_legacy_cublas(self) -> bool:
        """Does the file call the legacy cuBLAS API? Including cublas.h alone (for its types, or
        for nothing) ports like cublas_v2.h."""
        return any(e.family == "cublas" and self.is_legacy_cublas(e) for _, e in self.api_tokens)

    @cached_property
    def api_tokens(self) -> list[tuple[int, ApiEntry]]:
        """(token index, entry) for every identifier token that names a mapped CUDA entity.
        Most rules only look at these, so they are found once per file."""
        toks = self.parsed.tokens
        entries = self.table.entries
        lookup: Callable[[bytes], ApiEntry | None]
        names: Container[bytes]
        if isinstance(entries, LazyEntries):
            names, lookup = entries.names_by_bytes(), entries.get_bytes
        else:
            by_bytes = _entries_by_bytes(self.table)
            names, lookup = by_bytes, by_bytes.get
        texts = toks.raws_of_kind(IDENT)
        # Each distinct text looked up once, in C: most files name few mapped entities.
        mapped = set(filter(names.__contains__, set(texts)))
        if not mapped:
            return []
        out = []
        for i, text in zip(toks.of_kind(IDENT), texts, strict=True):
            if text in mapped:
                entry = lookup(text)
                assert entry is not None
                out.append((i, entry))
        return out


# What comes before a name that is not CUDA's use of it: member access, a built-in return type.
_OWN_BEFORE = frozenset({b".", b"->", b"void", b"bool", b"char", b"short", b"int", b"long",
                         b"float", b"double", b"unsigned", b"signed"})


def _declared_types(data: bytes) -> set[str]:
    """The CUDA vector type names (uchar4, float2, dim3, ...) that code defines as its own types."""
    if _CUDA_MARKERS.search(data) is None:
        return set()
    found = (next(g for g in m.groups() if g) for m in _DECLARED_TYPE.finditer(data))
    return {name.decode() for name in found if name.decode() in _CUDA_KEYWORDS}


@functools.lru_cache(maxsize=4)
def _entries_by_bytes(table: MappingTable) -> dict[bytes, ApiEntry]:
    """The table keyed by UTF-8 bytes, so tokens are looked up without decoding each one.
    (Tables compare by identity, so this is one dict per loaded table.)"""
    return {name.encode(): entry for name, entry in table.entries.items()}


def after_blanks(data: bytes, offset: int) -> int:
    """The offset past the spaces and tabs at offset: a word removed takes the blank after it."""
    while offset < len(data) and data[offset] in b" \t":
        offset += 1
    return offset


def identifier_tokens(ctx: Context, pattern: re.Pattern[bytes]) -> list[int]:
    """Indexes of identifier tokens whose whole text the pattern matches, found by searching
    the bytes (C speed) instead of visiting every token; matches in comments and strings are
    not identifier tokens and drop out."""
    toks = ctx.parsed.tokens
    n = len(toks)
    out = []
    for m in pattern.finditer(ctx.data):
        i = toks.index_at(m.start())
        if i < n and toks.kinds[i] == IDENT and toks.start(i) == m.start() and toks.end(i) == m.end():
            out.append(i)
    return out


def int_value(raw: bytes) -> int | None:
    """An integer literal's value (suffixes, hex, octal), or None for anything else."""
    text = raw.rstrip(b"uUlL")
    try:
        return int(text, 0) if text[:1].isdigit() else None
    except ValueError:
        return int(text, 8) if text.startswith(b"0") and text.isdigit() else None


_NOT_FUNCTIONS = frozenset({b"if", b"for", b"while", b"switch", b"catch"})
_AFTER_PARAMETERS = frozenset({b"const", b"noexcept", b"override", b"final", b"mutable",
                               b"volatile"})


def function_block(ctx: Context, i: int) -> tuple[int, int] | None:
    """The body `{ ... }` of the outermost function (or lambda) around token i."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for k in range(i):
        if toks.kinds[k] != PUNCT or toks.raw(k) != b"{":
            continue
        close = syntax.partner_of(k)
        if close is None or close < i or not _is_function_body(ctx, k):
            continue
        return k, close
    return None


def _is_function_body(ctx: Context, brace: int) -> bool:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    prev = syntax.prev_code(brace)
    while prev is not None and toks.raw(prev) in _AFTER_PARAMETERS:
        prev = syntax.prev_code(prev)
    if prev is None or toks.raw(prev) != b")":
        return False
    opener = syntax.opener_of(prev)
    before = syntax.prev_code(opener) if opener is not None else None
    return before is not None and toks.raw(before) not in _NOT_FUNCTIONS


class Supply(NamedTuple):
    """A name the file uses that the target HIP lacks and hipify_supplied.h supplies."""

    name: str


RuleOutput = Edit | Finding | Reference | Supply
Rule = Callable[[Context], Iterable[RuleOutput]]


# Keywords after which a name starts an expression; after any other keyword or an identifier
# (a type), the name is being declared.
_EXPRESSION_KEYWORDS = frozenset({b"return", b"case", b"else", b"do", b"throw", b"sizeof", b"new",
                                  b"delete", b"co_return", b"co_yield", b"co_await"})


def after_a_type(ctx: Context, i: int) -> bool:
    """Token i follows a type word (`float tex2D(`, `double umin(`): the file declares that
    name itself rather than using CUDA's."""
    prev = ctx.syntax.prev_code(i)
    if prev is None:
        return False
    toks = ctx.parsed.tokens
    return toks.kinds[prev] == IDENT or (
        toks.kinds[prev] == KEYWORD and toks.raw(prev) not in _EXPRESSION_KEYWORDS)


_NULL_CONSTANTS = frozenset({"0", "NULL", "nullptr", "__null", "0L", "(void*)0"})


def misfit_null_argument(ctx: Context, entry: ApiEntry, call: Call) -> Span | None:
    """The argument of a drop_null_argument rule that this call fills with something other than
    a null constant: the call then does not fit the HIP function (which has no such parameter)."""
    for rule in entry.args:
        if rule.action is not ArgAction.DROP_NULL or rule.value != f"arity={len(call.args)}":
            continue
        arg = call.args[rule.index]
        text = ctx.syntax.code_text(arg).decode("utf-8", "surrogateescape")
        text = "".join(text.split())
        while text not in _NULL_CONSTANTS and text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
        if text not in _NULL_CONSTANTS:
            return arg
    return None
