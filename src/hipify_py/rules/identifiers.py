"""Rename CUDA identifiers (functions, types, enumerators, macros) to their HIP names.

Works on every identifier token: code, macro bodies and inactive #if branches alike, never
comments. A member access (`obj.cudaMalloc`, `p->cudaFree`) and a name the user declares in a
namespace of their own are not API uses. Inside string literals mapped names are renamed as
hipify-clang does ("cudaMalloc failed" -> "hipMalloc failed"), without reports.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from hipify_py.diagnostics import Finding
from hipify_py.edits import Edit
from hipify_py.mapping_model import ApiEntry
from hipify_py.parsing import COMMENT, IDENT, LITERAL, Token
from hipify_py.rules.base import Context, Reference, RuleOutput
from hipify_py.targets import Resolution, resolve

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STRING_PREFIX = re.compile(r'^(?:u8|u|U|L)?R?"')


def rename_identifiers(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    entries = ctx.table.entries
    resolutions: dict[str, Resolution] = {}
    scopes = user_scopes(ctx)
    include_tokens = _include_token_indexes(ctx)

    def resolution(entry: ApiEntry) -> Resolution:
        found = resolutions.get(entry.cuda)
        if found is None:
            found = resolutions[entry.cuda] = resolve(entry, ctx.settings, ctx.table)
        return found

    for i, tok in enumerate(toks):
        kind = tok.kind
        if kind == IDENT:
            text = tok.text
            if text == "cub":
                yield from _cub_namespace(ctx, i)
                continue
            entry = entries.get(text)
            if entry is None or ctx.is_skipped(tok.start):
                continue
            if is_member_or_user_name(toks, i, scopes.get(text, ()), entries):
                continue
            res = resolution(entry)
            name = res.name
            if name is not None and entry.overloads:
                call = ctx.syntax.call_at(i)
                if call is not None:
                    name = dict(entry.overloads).get(len(call.args), name)
            yield Reference(entry.family, entry.cuda, name is not None)
            for note in res.notes:
                yield Finding(note.code, tok.start, tok.end, note.message, entry.cuda,
                              note.suggestion, entry.family)
            if name is not None and name != text:
                yield Edit(tok.start, tok.end, name.encode(), "identifiers")
        elif kind == LITERAL and i not in include_tokens and _STRING_PREFIX.match(tok.text):
            if ctx.is_skipped(tok.start):
                continue
            yield from _rename_in_string(ctx, tok, resolution)


def _rename_in_string(ctx: Context, tok: Token, resolution: object) -> Iterator[Edit]:
    entries = ctx.table.entries
    raw = ctx.data[tok.start : tok.end]
    for m in _WORD.finditer(tok.text):
        entry = entries.get(m.group())
        if entry is None:
            continue
        res = resolution(entry)  # type: ignore[operator]
        if res.name is None or res.name == entry.cuda:
            continue
        # Offsets in the decoded text equal byte offsets only for ASCII prefixes; recompute.
        start = tok.start + len(tok.text[: m.start()].encode("utf-8", "surrogateescape"))
        end = start + len(m.group())
        if raw[start - tok.start : end - tok.start] == m.group().encode():
            yield Edit(start, end, res.name.encode(), "identifiers")


def _cub_namespace(ctx: Context, i: int) -> Iterator[RuleOutput]:
    """`cub::X` and `using namespace cub` -> hipcub (not `x.cub`, not `mine::cub`)."""
    toks = ctx.parsed.tokens
    nxt = _next_code(toks, i)
    prev = _prev_code(toks, i)
    qualifies = nxt is not None and toks[nxt].text == "::"
    using = prev is not None and toks[prev].text == "namespace"
    if not (qualifies or using) or ctx.is_skipped(toks[i].start):
        return
    if prev is not None and toks[prev].text in (".", "->"):
        return
    if prev is not None and toks[prev].text == "::" and not _global_qualifier(toks, prev):
        return
    if using and (prev is None or _prev_code(toks, prev) is None
                  or toks[_prev_code(toks, prev) or 0].text != "using"):
        return  # `namespace cub {` declares the user's own namespace
    yield Reference("cub", "cub", True)
    yield Edit(toks[i].start, toks[i].end, b"hipcub", "identifiers")


def is_member_or_user_name(
    toks: tuple[Token, ...],
    i: int,
    scopes: tuple[tuple[str, int, int], ...],
    entries: Mapping[str, ApiEntry],
) -> bool:
    prev = _prev_code(toks, i)
    if prev is not None:
        before = toks[prev].text
        if before in (".", "->", ".*", "->*"):
            return True
        if before == "::" and not _global_qualifier(toks, prev):
            qualifier = _prev_code(toks, prev)
            # `mylib::cudaX` is the user's own name; `cudaMemcpyKind::cudaMemcpyHostToDevice`
            # (a CUDA enum as qualifier) is still the API.
            return qualifier is not None and toks[qualifier].text not in entries
    pos = toks[i].start
    return any(a <= pos < b for _, a, b in scopes)


def _global_qualifier(toks: tuple[Token, ...], colons: int) -> bool:
    """`::cudaMalloc` (explicit global scope) rather than `ns::cudaMalloc`."""
    prev = _prev_code(toks, colons)
    return prev is None or toks[prev].kind != IDENT and toks[prev].text not in (">", ">>")


def _prev_code(toks: tuple[Token, ...], i: int) -> int | None:
    j = i - 1
    while j >= 0 and toks[j].kind == COMMENT:
        j -= 1
    return j if j >= 0 else None


def _next_code(toks: tuple[Token, ...], i: int) -> int | None:
    j = i + 1
    n = len(toks)
    while j < n and toks[j].kind == COMMENT:
        j += 1
    return j if j < n else None


def user_scopes(ctx: Context) -> dict[str, tuple[tuple[str, int, int], ...]]:
    scopes: dict[str, list[tuple[str, int, int]]] = {}
    for decl in ctx.parsed.user_declarations:
        scopes.setdefault(decl.name, []).append((decl.namespace, decl.start, decl.end))
    return {name: tuple(v) for name, v in scopes.items()}


def _include_token_indexes(ctx: Context) -> frozenset[int]:
    out: set[int] = set()
    for inc in ctx.syntax.includes:
        out.update(range(inc.directive.first, inc.directive.last + 1))
    return frozenset(out)
