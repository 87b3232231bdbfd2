"""CUDA functions whose overload for one type HIP lacks, though HIP has the name for others: such
a call failed to compile, on a line with no finding. The name alone does not tell (atomicAdd on
an int or a float is HIP's own), so the type an argument has is read from the tokens: what a
pointer argument points to (`&h[i]`, `&h`, `p`, `p + i`, `(T*)q`, `reinterpret_cast<T*>(q)`),
or what a value argument is (`x`, `a[i]`, `*p`), with the names declared in view.

* atomicAdd on __half and __half2 (CUDA's since sm_70 and sm_60; no HIP's): supplied
  (mappings/supplied_half.yaml, by_rule). A file that calls atomicAdd and names a half type gets
  the overloads (they take only halves); a call seen to be on a half carries the note, one whose
  argument's type cannot be seen is served all the same.
* reported (HPY103) where an argument shows the type: atomicAdd on bfloat16 (ours could not name
  HIP's type before HIP 5.7), float2 and float4 (CUDA 12's, sm_90); atomicAnd/Or/Xor on a signed
  long long; the bfloat16 forms of the half functions HIP 7.2 declares for __half alone
  (saturating and relu arithmetic, the unordered and mask comparisons, the _nan min/max,
  __hcmadd), and __ldg on bfloat16 and ushort4. Found by the device API surface check
  (scripts/api_surface_check.py).
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
# function -> the pointee types (of its first argument) HIP has no overload of
_UNSUPPORTED: dict[bytes, frozenset[tuple[bytes, ...]]] = {
    b"__ldg": _BFLOATS | {(b"ushort4",)},
    **{name: _BFLOATS | _FLOAT_VECTORS
       for name in (b"atomicAdd", b"atomicAdd_system", b"atomicAdd_block")},
    **{name: _SIGNED_LONG_LONG
       for name in (b"atomicAnd", b"atomicOr", b"atomicXor", b"atomicAnd_system",
                    b"atomicOr_system", b"atomicXor_system", b"atomicAnd_block",
                    b"atomicOr_block", b"atomicXor_block")},
}
# function -> the value types (of any argument) HIP 7.2 declares it for __half, not bfloat16
_BFLOAT_FORMS = frozenset({
    *(f"__h{op}{two}_sat" for op in ("add", "sub", "mul", "fma") for two in ("", "2")),
    "__hfma_relu", "__hfma2_relu", "__hcmadd", "__hmax_nan", "__hmin_nan", "__hmax2_nan",
    "__hmin2_nan",
    *(f"__h{cmp}2_mask" for cmp in ("eq", "ne", "ge", "gt", "le", "lt")),
    *(f"__h{cmp}u2{mask}" for cmp in ("eq", "ne", "ge", "gt", "le", "lt") for mask in ("", "_mask")),
})
_VALUE_GAPS: dict[bytes, frozenset[tuple[bytes, ...]]] = {
    name.encode(): _BFLOATS for name in _BFLOAT_FORMS}
_SUPPLIED = "atomicAdd"  # on a half (mappings/supplied_half.yaml)
_NOT_A_CALL = frozenset({b".", b"->", b"::"})
_QUALIFIERS = frozenset({b"const", b"volatile", b"__restrict__", b"__restrict", b"__shared__",
                         b"__device__", b"__managed__", b"__constant__", b"static", b"extern",
                         b"register", b"auto"})


def check_typed_overloads(ctx: Context) -> Iterator[RuleOutput]:
    if ctx.is_c:
        return
    yield from _value_gaps(ctx)
    if b"atomic" not in ctx.data and b"__ldg" not in ctx.data:
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
            suggestion = ("load it as its bits (an unsigned short or int) and convert" if
                          function == "__ldg" else "write it as a compare-and-swap loop on "
                          "the aligned word, as hipify_supplied.h's atomicAdd on a half is; a "
                          "bfloat16 may use HIP's unsafeAtomicAdd, which turns a -0 in the "
                          "other half of the word into +0 and needs coarse-grained memory")
            yield _no_overload(ctx, i, f"{b' '.join(pointee).decode()}*", suggestion)


def _value_gaps(ctx: Context) -> Iterator[RuleOutput]:
    """The half functions HIP 7.2 declares for __half only, called on a bfloat16."""
    index = ctx.syntax.identifier_index
    if not any(index.get(b[0]) for b in _BFLOATS):
        return
    toks = ctx.parsed.tokens
    for name, types in _VALUE_GAPS.items():
        for call in _calls(ctx, name):
            i = call.name_index
            for arg in call.args:
                value = _value_type(ctx, arg, toks.start(i))
                if value in types:
                    yield _no_overload(ctx, i, b" ".join(value).decode(),
                                       "compute it in float (__bfloat162float, then "
                                       "__float2bfloat16)")
                    break


def _no_overload(ctx: Context, i: int, type_text: str, suggestion: str) -> Finding:
    toks = ctx.parsed.tokens
    function = toks.text(i)
    return Finding("HPY103", toks.start(i), toks.end(i),
                   f"{function}({type_text}, ...) has no HIP equivalent (HIP declares "
                   f"{function} for other types only)", function, suggestion, "device",
                   Severity.ERROR)


def _value_type(ctx: Context, arg: Span, before: int) -> tuple[bytes, ...] | None:
    """The type (its words, qualifiers aside) a value argument shows: `x`, `a[i]`, `*p`."""
    toks = ctx.parsed.tokens
    code = [k for k in range(arg.first, arg.last + 1) if toks.kinds[k] != COMMENT]
    words = [toks.raw(k) for k in code]
    if len(words) >= 2 and words[0] == b"*" and toks.kinds[code[1]] == IDENT:
        declared = declared_type(ctx, code[1], before)
        return None if declared is None else _type(declared, pointers=1)
    if not words or toks.kinds[code[0]] != IDENT:
        return None
    if len(words) == 1:
        declared = declared_type(ctx, code[0], before)
        return None if declared is None else _type(declared, pointers=0)
    if words[1] == b"[" and words[-1] == b"]":
        declared = declared_type(ctx, code[0], before)
        if declared is None:
            return None
        return _type(declared, pointers=1 if b"*" in declared else 0)
    return None


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
