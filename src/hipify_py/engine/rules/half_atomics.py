"""atomicAdd on a __half or __half2: CUDA declares it (sm_70, sm_60), no HIP does, so such a call
failed to compile, on a line with no finding. The tables supply both overloads
(mappings/supplied_half.yaml); this rule decides where they are needed, since the name alone
does not tell (atomicAdd on an int or a float is HIP's own).

A file that calls atomicAdd and names a half type gets the supplied overloads (they take only
halves: HIP's keep every other type). A call on a bfloat16 is reported (HPY103): HIP has none,
and ours could not name HIP's type before HIP 5.7. A call whose first argument is seen to point to a half
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
from hipify_py.reporting.diagnostics import Finding, Severity
from hipify_py.tables.targets import supplied_note

_NAME = "atomicAdd"
# CUDA's half types (cuda_fp16.h), which keep their names in HIP
_HALVES = frozenset({b"__half", b"half", b"__half2", b"half2"})
# bfloat16 (cuda_bf16.h, and HIP's names for an output translated again): HIP has no atomicAdd
# for them either, and the supplied overloads cannot name HIP's type before HIP 5.7 declares it
_BFLOATS = frozenset({b"__nv_bfloat16", b"nv_bfloat16", b"__nv_bfloat162", b"nv_bfloat162",
                      b"__hip_bfloat16", b"__hip_bfloat162"})
_NOT_A_CALL = frozenset({b".", b"->", b"::"})


def supply_half_atomics(ctx: Context) -> Iterator[RuleOutput]:
    if b"atomicAdd" not in ctx.data or ctx.is_c:
        return
    index = ctx.syntax.identifier_index
    halves = any(index.get(h) for h in _HALVES)
    if not halves and not any(index.get(b) for b in _BFLOATS):
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
    note = supplied_note(_NAME, ctx.settings, ctx.table, "atomicAdd on a half", ctx.is_c)
    if calls and halves and note is not None:
        yield Supply(_NAME)
    for call in calls:
        i = call.name_index
        pointee = _pointee(ctx, call.args[0], toks.start(i))
        if pointee in _HALVES and note is not None:
            yield Finding(note.code, toks.start(i), toks.end(i), note.message, _NAME,
                          note.suggestion, "supplied")
        elif pointee in _BFLOATS:
            yield Finding(
                "HPY103", toks.start(i), toks.end(i),
                "atomicAdd on a bfloat16 has no HIP equivalent (HIP declares it for none of its "
                "16-bit floats)", _NAME,
                "write it as a compare-and-swap loop on the aligned 32-bit word (hipify_supplied.h's "
                "atomicAdd on a half is one), or use HIP's unsafeAtomicAdd, which turns a -0 in the "
                "other half of the word into +0 and needs coarse-grained memory", "device",
                Severity.ERROR)


def _pointee(ctx: Context, arg: Span, before: int) -> bytes | None:
    """The 16-bit float type the argument's tokens show it points to, if they show one."""
    toks = ctx.parsed.tokens
    code = [k for k in range(arg.first, arg.last + 1) if toks.kinds[k] != COMMENT]
    words = [toks.raw(k) for k in code]
    if not words:
        return None
    if words[0] == b"(":  # (__half*)q
        close = words.index(b")") if b")" in words else 0
        return _float16(words[1:close], pointers=1)
    if words[0] in (b"reinterpret_cast", b"static_cast") and words[1:2] == [b"<"]:
        close = words.index(b">") if b">" in words else 0
        return _float16(words[2:close], pointers=1)
    if words[0] == b"&" and len(code) >= 2 and toks.kinds[code[1]] == IDENT:
        declared = declared_type(ctx, code[1], before)
        if declared is None:
            return None
        indexed = len(words) > 2 and words[2] == b"["
        return _float16(declared, pointers=1 if indexed and b"*" in declared else 0)
    if toks.kinds[code[0]] == IDENT and (len(words) == 1 or words[1] in (b"+", b"-")):
        declared = declared_type(ctx, code[0], before)
        return None if declared is None else _float16(declared, pointers=1)
    return None


def _float16(words: list[bytes] | tuple[bytes, ...], pointers: int) -> bytes | None:
    """The one 16-bit float type that type words name with exactly `pointers` stars
    (qualifiers aside), if they name one."""
    named = [w for w in words if w in _HALVES or w in _BFLOATS]
    if (len(named) == 1 and words.count(b"*") == pointers
            and all(w in named or w == b"*" or w in _QUALIFIERS for w in words)):
        return named[0]
    return None


_QUALIFIERS = frozenset({b"const", b"volatile", b"__restrict__", b"__restrict", b"__shared__",
                         b"__device__", b"__managed__", b"__constant__", b"static", b"extern",
                         b"register", b"auto"})
