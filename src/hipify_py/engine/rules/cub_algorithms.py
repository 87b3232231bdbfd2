"""CUB block loads and stores whose warp-transpose algorithm AMD's wavefront cannot take (HPY407,
HPY406).

`cub::BlockLoad<T, 32, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>` reads a striped arrangement and
transposes it into a blocked one, warp by warp. hipCUB (rocPRIM) requires such a block to be a
multiple of the wavefront, 64 lanes on most AMD GPUs, and static-asserts otherwise: a 32-thread
block no longer compiles (bitsandbytes' blockwise quantisation). `BLOCK_LOAD_TRANSPOSE` gives the
same blocked arrangement through a block-wide exchange, for any block size, on CUDA and HIP
alike, so it is what the translation uses (`..._TIMESLICED` likewise):

* a block size known here (a literal, or a constant the file defines) that is not a multiple
  of 64: the block-wide transpose;
* a block size known only where the template is instantiated (a template parameter): chosen
  at compile time, `((THREADS) % 64 == 0 ? cub::BLOCK_LOAD_WARP_TRANSPOSE :
  cub::BLOCK_LOAD_TRANSPOSE)`, which keeps the faster warp transpose where it compiles;
* a 2-D or 3-D block whose size is not known here: left, and reported (HPY406) on the type and
  where hipcc reports the failure, at its `TempStorage`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import IDENT, LITERAL
from hipify_py.engine.rules.base import Context, RuleOutput, identifier_tokens, int_value
from hipify_py.reporting.diagnostics import Finding

_WAVEFRONT = 64
_ALGORITHMS = re.compile(rb"\bBLOCK_(LOAD|STORE)_WARP_TRANSPOSE(?:_TIMESLICED)?\b")
_PRIMITIVES = frozenset({b"BlockLoad", b"BlockStore"})
_ALGORITHM_ARGUMENT = 3  # BlockLoad<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM, Y, Z>
_HINT = "use a block of 64*k threads for this primitive, or BLOCK_LOAD/STORE_TRANSPOSE"


class _Use(NamedTuple):
    primitive: int  # token index of BlockLoad / BlockStore
    arguments: list[tuple[int, int]]  # token index ranges [first, last] of each argument
    qualified: int  # token index where the algorithm's qualified name starts
    algorithm: int  # token index of the enumerator
    closing: int  # token index of the `>` that closes the arguments


def rewrite_warp_transposes(ctx: Context) -> Iterator[RuleOutput]:
    if b"_WARP_TRANSPOSE" not in ctx.data:
        return
    for index in identifier_tokens(ctx, _ALGORITHMS):
        if ctx.is_skipped(ctx.parsed.tokens.start(index)):
            continue
        use = _use_of(ctx, index)
        if use is not None:
            yield from _rewrite(ctx, use)


def _rewrite(ctx: Context, use: _Use) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    enumerator = toks.raw(use.algorithm)
    transpose = enumerator.replace(b"_WARP_TRANSPOSE", b"_TRANSPOSE").replace(b"_TIMESLICED", b"")
    primitive = toks.raw(use.primitive).decode()
    dims = [use.arguments[1], *use.arguments[_ALGORITHM_ARGUMENT + 1 :]]
    values = [_value(ctx, first, last) for first, last in dims]
    start, end = toks.start(use.algorithm), toks.end(use.algorithm)
    if all(v is not None for v in values):
        threads = 1
        for v in values:
            threads *= v  # type: ignore[operator]
        if threads % _WAVEFRONT == 0:
            return
        yield Edit(start, end, transpose, "cub_algorithms")
        yield Finding("HPY407", start, end,
                      f"{primitive} on {threads} threads: {enumerator.decode()} becomes "
                      f"{transpose.decode()}, the same blocked arrangement through a block-wide "
                      f"exchange (hipCUB's warp transpose needs a multiple of {_WAVEFRONT} threads)",
                      None, None, "device")
        return
    if len(dims) == 1:
        first, last = dims[0]
        size = (toks.start(first), toks.end(last))
        qualified = toks.start(use.qualified)
        pieces = ((size[0], qualified), b"((", size, f") % {_WAVEFRONT} == 0 ? ".encode(),
                  (qualified, end), b" : ", (qualified, start), transpose + b")")
        yield Edit(size[0], end, b"", "cub_algorithms", pieces)
        size_text = ctx.data[size[0] : size[1]].decode(errors="replace")
        yield Finding("HPY407", start, end,
                      f"{primitive} on {size_text} threads: {enumerator.decode()} where that is a "
                      f"multiple of {_WAVEFRONT}, else {transpose.decode()} (the same blocked "
                      "arrangement through a block-wide exchange; hipCUB's warp transpose needs "
                      f"a multiple of {_WAVEFRONT} threads)", None, None, "device")
        return
    yield from _report(ctx, use, primitive)


def _report(ctx: Context, use: _Use, primitive: str) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    data = ctx.data
    sizes = " x ".join(data[toks.start(a) : toks.end(b)].decode(errors="replace")
                       for a, b in [use.arguments[1], *use.arguments[_ALGORITHM_ARGUMENT + 1 :]])
    what = (f"{primitive} with a warp-transpose algorithm and {sizes} threads: hipCUB needs a "
            f"multiple of the wavefront size ({_WAVEFRONT}), or it does not compile")
    yield Finding("HPY406", toks.start(use.primitive), toks.end(use.primitive), what, None, _HINT,
                  "device")
    # hipcc reports the failure where the type is completed: `Alias::TempStorage`.
    alias = _alias_of(data, toks.start(use.primitive), toks.end(use.closing))
    if alias is None:
        return
    found = re.compile(rb"\b" + re.escape(alias) + rb"\s*::\s*TempStorage\b").search(
        data, toks.end(use.closing))
    if found is not None and not ctx.is_skipped(found.start()):
        line = data.count(b"\n", 0, toks.start(use.primitive)) + 1
        yield Finding("HPY406", found.start(), found.end(),
                      f"{alias.decode()} (line {line}) is a {what}", None, _HINT, "device")


def _use_of(ctx: Context, index: int) -> _Use | None:
    """The BlockLoad/BlockStore whose algorithm argument the enumerator at index is, whole."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    q = index  # the qualified name's start: `cub::`, `::cub::`, `hipcub::`
    while (before := syntax.prev_code(q)) is not None and toks.raw(before) == b"::":
        qualifier = syntax.prev_code(before)
        if qualifier is None or toks.kinds[qualifier] != IDENT:
            q = before  # a leading `::`
            break
        q = qualifier
    for k in range(q - 1, max(-1, q - 400), -1):  # back to the primitive's `<`
        primitive = syntax.prev_code(k) if toks.raw(k) == b"<" else None
        if primitive is None or toks.raw(primitive) not in _PRIMITIVES:
            continue
        found = syntax.template_args(k)
        if found is None or found[1] < index:
            continue  # a list that closed before the enumerator
        args, closing = found
        algorithm = args[_ALGORITHM_ARGUMENT] if len(args) > _ALGORITHM_ARGUMENT else None
        if (algorithm is None or (algorithm.first, algorithm.last) != (q, index)
                or any(a.empty for a in args)):
            return None
        return _Use(primitive, [(a.first, a.last) for a in args], q, index, closing)
    return None


def _value(ctx: Context, first: int, last: int) -> int | None:
    """The argument's value where it is a literal or a name the file gives a literal."""
    if first != last:
        return None
    toks = ctx.parsed.tokens
    raw = toks.raw(first)
    if toks.kinds[first] == LITERAL:
        return int_value(raw)
    if toks.kinds[first] != IDENT:
        return None
    found = None
    for m in _constant(raw).finditer(ctx.data, 0, toks.start(first)):
        found = m  # the last definition before the use
    if found is None:
        return None
    return int_value(found.group(1) or found.group(2))


def _constant(name: bytes) -> re.Pattern[bytes]:
    n = re.escape(name)
    return re.compile(
        rb"^[ \t]*#[ \t]*define[ \t]+" + n + rb"[ \t]+\(?[ \t]*(\w+)[ \t]*\)?[ \t]*(?:/[/*].*)?$"
        rb"|\b(?:constexpr|const)\b[\w \t:]*?\b" + n + rb"\s*(?:=|\{)\s*(\w+)\s*[;}]", re.M)


_TYPEDEF_NAME = re.compile(rb"\s*(\w+)\s*;")
_USING_NAME = re.compile(rb"\busing\s+(\w+)\s*=\s*(?:typename\s+)?(?:\w+\s*::\s*)*$")


def _alias_of(data: bytes, start: int, end: int) -> bytes | None:
    """The name a `typedef cub::BlockLoad<...> Name;` or `using Name = cub::BlockLoad<...>;`
    gives the type spelled between start and end (end: just after its closing `>`)."""
    after = _TYPEDEF_NAME.match(data, end)
    if after is not None:
        return after.group(1)
    before = _USING_NAME.search(data[max(0, start - 200) : start])
    return before.group(1) if before is not None else None
