"""atomicAdd on a __half or __half2: CUDA declares it (sm_70, sm_60), no HIP does, so such a call
failed to compile, on a line with no finding. The tables supply both overloads
(mappings/supplied_half.yaml); this rule decides where they are needed, since the name alone
does not tell (atomicAdd on an int or a float is HIP's own).

A file that calls atomicAdd and names a half type gets the supplied overloads (they take only
halves: HIP's keep every other type). A call whose first argument is seen to point to a half
(`&h[i]`, `&h`, `p`, `p + i`, `(__half*)q`, `reinterpret_cast<__half2*>(q)`, with h and p declared
in view) carries the supplied note; where the argument's type cannot be seen the overloads are
there all the same and the call gets none.
"""

from __future__ import annotations

from collections.abc import Iterator

from hipify_py.engine.parsing import COMMENT, IDENT
from hipify_py.engine.rules.base import Context, RuleOutput, Supply
from hipify_py.engine.rules.declarations import declared_type
from hipify_py.engine.syntax import Span
from hipify_py.reporting.diagnostics import Finding
from hipify_py.tables.targets import supplied_note

_NAME = "atomicAdd"
# CUDA's half types (cuda_fp16.h), which keep their names in HIP
_HALVES = frozenset({b"__half", b"half", b"__half2", b"half2"})
_NOT_A_CALL = frozenset({b".", b"->", b"::"})


def supply_half_atomics(ctx: Context) -> Iterator[RuleOutput]:
    if b"atomicAdd" not in ctx.data or ctx.is_c:
        return
    index = ctx.syntax.identifier_index
    if not any(index.get(h) for h in _HALVES):
        return
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    calls = []
    for i in index.get(_NAME.encode(), []):
        before = syntax.prev_code(i)
        if before is not None and toks.raw(before) in _NOT_A_CALL:
            continue  # a member or another namespace's atomicAdd
        call = syntax.call_at(i)
        if call is not None and call.args and not ctx.is_skipped(toks.start(i)):
            calls.append(call)
    if not calls:
        return
    note = supplied_note(_NAME, ctx.settings, ctx.table, "atomicAdd on a half",
                         ctx.is_c)
    if note is None:
        return
    yield Supply(_NAME)
    for call in calls:
        if _points_to_half(ctx, call.args[0], toks.start(call.name_index)):
            i = call.name_index
            yield Finding(note.code, toks.start(i), toks.end(i), note.message, _NAME,
                          note.suggestion, "supplied")


def _points_to_half(ctx: Context, arg: Span, before: int) -> bool:
    """Whether the argument's tokens show a pointer to a half type."""
    toks = ctx.parsed.tokens
    code = [k for k in range(arg.first, arg.last + 1) if toks.kinds[k] != COMMENT]
    words = [toks.raw(k) for k in code]
    if not words:
        return False
    if words[0] == b"(":  # (__half*)q
        close = words.index(b")") if b")" in words else 0
        return _is_half(words[1:close], pointers=1)
    if words[0] in (b"reinterpret_cast", b"static_cast") and words[1:2] == [b"<"]:
        close = words.index(b">") if b">" in words else 0
        return _is_half(words[2:close], pointers=1)
    if words[0] == b"&" and len(code) >= 2 and toks.kinds[code[1]] == IDENT:
        declared = declared_type(ctx, code[1], before)
        if declared is None:
            return False
        indexed = len(words) > 2 and words[2] == b"["
        return _is_half(declared, pointers=1 if indexed and b"*" in declared else 0)
    if toks.kinds[code[0]] == IDENT and (len(words) == 1 or words[1] in (b"+", b"-")):
        declared = declared_type(ctx, code[0], before)
        return declared is not None and _is_half(declared, pointers=1)
    return False


def _is_half(words: list[bytes] | tuple[bytes, ...], pointers: int) -> bool:
    """Type words naming one half type with exactly `pointers` stars (qualifiers aside)."""
    named = [w for w in words if w in _HALVES]
    return (len(named) == 1 and words.count(b"*") == pointers
            and all(w in _HALVES or w == b"*" or w in _QUALIFIERS for w in words))


_QUALIFIERS = frozenset({b"const", b"volatile", b"__restrict__", b"__restrict", b"__shared__",
                         b"__device__", b"__managed__", b"__constant__", b"static", b"extern",
                         b"register", b"auto"})
