"""CUDA atomics whose overload for one type HIP lacks, though HIP has the name for others: such a
call failed to compile, on a line with no finding. The name alone does not tell (atomicAdd on
an int or a float is HIP's own), so the type the first argument points to is read from the
tokens (`&h[i]`, `&h`, `p`, `p + i`, `(T*)q`, `reinterpret_cast<T*>(q)`, with h and p declared
in view).

* atomicAdd on __half and __half2 (CUDA's since sm_70 and sm_60; no HIP's): supplied
  (mappings/supplied_half.yaml, by_rule). A file that calls atomicAdd and names a half type gets
  the overloads (they take only halves); a call seen to be on a half carries the note, one whose
  argument's type cannot be seen is served all the same.
* atomicAdd on bfloat16 (no HIP's; ours could not name HIP's type before HIP 5.7), on float2 and
  float4 (CUDA 12's, sm_90), and atomicAnd/Or/Xor on a signed long long (no HIP's): reported
  (HPY103) where the argument shows the type.
"""

from __future__ import annotations

from collections.abc import Iterator

from hipify_py.engine.parsing import COMMENT, IDENT
from hipify_py.engine.rules.base import Context, RuleOutput, Supply
from hipify_py.engine.rules.declarations import declared_type
from hipify_py.engine.syntax import Call, Span
from hipify_py.reporting.diagnostics import Finding, Severity
from hipify_py.tables.targets import supplied_note

# CUDA's half types (cuda_fp16.h), which keep their names in HIP
_HALVES = frozenset({(b"__half",), (b"half",), (b"__half2",), (b"half2",)})
# bfloat16 (cuda_bf16.h, and HIP's names for an output translated again)
_BFLOATS = frozenset({(b"__nv_bfloat16",), (b"nv_bfloat16",), (b"__nv_bfloat162",),
                      (b"nv_bfloat162",), (b"__hip_bfloat16",), (b"__hip_bfloat162",)})
_FLOAT_VECTORS = frozenset({(b"float2",), (b"float4",)})
_SIGNED_LONG_LONG = frozenset({(b"long", b"long"), (b"long", b"long", b"int"),
                               (b"signed", b"long", b"long"), (b"long", b"long", b"signed")})
# function -> the pointee types HIP has no overload of
_UNSUPPORTED: dict[bytes, frozenset[tuple[bytes, ...]]] = {
    **{name: _BFLOATS | _FLOAT_VECTORS
       for name in (b"atomicAdd", b"atomicAdd_system", b"atomicAdd_block")},
    **{name: _SIGNED_LONG_LONG
       for name in (b"atomicAnd", b"atomicOr", b"atomicXor", b"atomicAnd_system",
                    b"atomicOr_system", b"atomicXor_system", b"atomicAnd_block",
                    b"atomicOr_block", b"atomicXor_block")},
}
_SUPPLIED = "atomicAdd"  # on a half (mappings/supplied_half.yaml)
_NOT_A_CALL = frozenset({b".", b"->", b"::"})
_QUALIFIERS = frozenset({b"const", b"volatile", b"__restrict__", b"__restrict", b"__shared__",
                         b"__device__", b"__managed__", b"__constant__", b"static", b"extern",
                         b"register", b"auto"})


def check_typed_atomics(ctx: Context) -> Iterator[RuleOutput]:
    if b"atomic" not in ctx.data or ctx.is_c:
        return
    toks = ctx.parsed.tokens
    calls = [(name, call) for name in _UNSUPPORTED for call in _calls(ctx, name)]
    if not calls:
        return
    index = ctx.syntax.identifier_index
    names_half = any(index.get(h[0]) for h in _HALVES)
    note = supplied_note(_SUPPLIED, ctx.settings, ctx.table, "atomicAdd on a half", ctx.is_c)
    if names_half and note is not None and any(n == b"atomicAdd" for n, _ in calls):
        yield Supply(_SUPPLIED)
    for name, call in calls:
        i = call.name_index
        pointee = _pointee(ctx, call.args[0], toks.start(i))
        if pointee is None:
            continue
        if name == b"atomicAdd" and pointee in _HALVES and note is not None:
            yield Finding(note.code, toks.start(i), toks.end(i), note.message, _SUPPLIED,
                          note.suggestion, "supplied")
            continue
        if pointee in _UNSUPPORTED[name]:
            function = name.decode()
            yield Finding(
                "HPY103", toks.start(i), toks.end(i),
                f"{function}({b' '.join(pointee).decode()}*, ...) has no HIP equivalent (HIP "
                f"declares {function} for other types only)",
                name.decode(), "write it as a compare-and-swap loop on the aligned word, as "
                "hipify_supplied.h's atomicAdd on a half is; a bfloat16 may use HIP's "
                "unsafeAtomicAdd, which turns a -0 in the other half of the word into +0 and "
                "needs coarse-grained memory", "device", Severity.ERROR)


def _calls(ctx: Context, name: bytes) -> Iterator[Call]:
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    for i in syntax.identifier_index.get(name, []):
        before = syntax.prev_code(i)
        if before is not None and toks.raw(before) in _NOT_A_CALL:
            continue  # a member or another namespace's function of that name
        call = syntax.call_at(i)
        if call is not None and call.args and not ctx.is_skipped(toks.start(i)):
            yield call


def _pointee(ctx: Context, arg: Span, before: int) -> tuple[bytes, ...] | None:
    """The type (its words, qualifiers aside) the argument's tokens show it points to."""
    toks = ctx.parsed.tokens
    code = [k for k in range(arg.first, arg.last + 1) if toks.kinds[k] != COMMENT]
    words = [toks.raw(k) for k in code]
    if not words:
        return None
    if words[0] == b"(":  # (T*)q
        close = words.index(b")") if b")" in words else 0
        return _type(words[1:close], pointers=1)
    if words[0] in (b"reinterpret_cast", b"static_cast") and words[1:2] == [b"<"]:
        close = words.index(b">") if b">" in words else 0
        return _type(words[2:close], pointers=1)
    if words[0] == b"&" and len(code) >= 2 and toks.kinds[code[1]] == IDENT:
        declared = declared_type(ctx, code[1], before)
        if declared is None:
            return None
        indexed = len(words) > 2 and words[2] == b"["
        return _type(declared, pointers=1 if indexed and b"*" in declared else 0)
    if toks.kinds[code[0]] == IDENT and (len(words) == 1 or words[1] in (b"+", b"-")):
        declared = declared_type(ctx, code[0], before)
        return None if declared is None else _type(declared, pointers=1)
    return None


def _type(words: list[bytes] | tuple[bytes, ...], pointers: int) -> tuple[bytes, ...] | None:
    """The type words without qualifiers, where they have exactly `pointers` stars."""
    if words.count(b"*") != pointers:
        return None
    named = tuple(w for w in words if w != b"*" and w not in _QUALIFIERS)
    return named or None
