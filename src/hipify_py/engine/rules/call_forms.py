"""Which CUDA form a call is, where two CUDA releases give a function forms with the same
argument count (the tables' typed_overloads): CUDA 12's cudaMemAdvise(ptr, n, advice, device)
and CUDA 13's cudaMemAdvise(ptr, n, advice, location) become hipMemAdvise and hipMemAdvise_v2.

The argument that differs decides when its type can be seen from the tokens: a literal, a known
constant (cudaCpuDeviceId), a variable or function whose declaration is in view, a braced or
compound literal, a cast, `&x`, `*p`, `a[i]`, a struct member declared with one type in the
file (`cfg.device`), a variable whose `.type`/`.id` members are set (cudaMemLocation's), or a
name declared with one type in the project headers the file includes (a class's members).
Only when it cannot be seen does --cuda-version decide, and the call carries a warning (HPY156)
that says which form was assumed and how to choose the other.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

from hipify_py.engine.parsing import COMMENT, IDENT, KEYWORD, LITERAL
from hipify_py.engine.rules.base import Context
from hipify_py.engine.rules.declarations import declarations_anywhere, declared_type
from hipify_py.engine.syntax import Call, Span
from hipify_py.tables.mapping_model import ApiEntry, TypedOverload
from hipify_py.tables.targets import reads_changed_form


class FormChoice(NamedTuple):
    """The form a call of a typed overload was read as."""

    overload: TypedOverload
    new: bool  # the form of the CUDA releases the entry's hip_unsupported_cuda lists
    seen: bool  # its argument showed the form (False: --cuda-version chose it)

    @property
    def hip(self) -> str | None:
        return self.overload.new_hip if self.new else self.overload.old_hip

    @property
    def cuda_type(self) -> str:
        return self.overload.new_type if self.new else self.overload.old_type

    @property
    def other_type(self) -> str:
        return self.overload.old_type if self.new else self.overload.new_type


def typed_overload(entry: ApiEntry, arity: int) -> TypedOverload | None:
    for overload in entry.typed_overloads:
        if overload.arity == arity:
            return overload
    return None


def choose_form(ctx: Context, entry: ApiEntry, call: Call) -> FormChoice | None:
    """The form of this call, where its argument count alone does not tell (else None)."""
    overload = typed_overload(entry, len(call.args))
    if overload is None:
        return None
    # In a macro's body a name is whatever the macro's use passes: its declarations do not count
    in_macro = ctx.syntax.directive_at(call.name_index) is not None
    kinds = argument_kinds(ctx, call.args[overload.argument],
                           ctx.parsed.tokens.start(call.name_index), names=not in_macro)
    old, new = _fits(overload.old_type, kinds), _fits(overload.new_type, kinds)
    if old != new:
        return FormChoice(overload, new, True)
    if old and overload.null and NULL in kinds:
        return FormChoice(overload, overload.null == "new", True)  # both readings mean the same
    return FormChoice(overload, reads_changed_form(entry, ctx.settings), False)


# --- the kinds of value an argument can be seen to have ----------------------------------------
INT = ("int",)
NULL = ("null",)
BRACED = ("struct", "")  # a braced initializer: some struct (a scalar is not passed that way)

# CUDA's constants that are devices: int (cudaCpuDeviceId is `((int)-1)`) or CUdevice
_INT_CONSTANTS = frozenset({b"cudaCpuDeviceId", b"cudaInvalidDeviceId", b"CU_DEVICE_CPU",
                            b"CU_DEVICE_INVALID"})
_INTEGER_WORDS = frozenset({
    b"int", b"unsigned", b"signed", b"long", b"short", b"char", b"size_t", b"ssize_t",
    b"ptrdiff_t", b"intptr_t", b"uintptr_t", b"int8_t", b"int16_t", b"int32_t", b"int64_t",
    b"uint8_t", b"uint16_t", b"uint32_t", b"uint64_t", b"CUdevice", b"CUdevice_v1",
    b"hipDevice_t", b"cuuint32_t", b"cuuint64_t"})
_QUALIFIERS = frozenset({b"const", b"volatile", b"struct", b"enum", b"static", b"register",
                         b"extern", b"constexpr", b"inline", b"__restrict__", b"restrict",
                         b"__host__", b"__device__"})
_HEADER_LIMIT = 4 << 20  # bytes of an included header read for a declaration
_HEADERS_MEMO = "call_forms.header_declarations"
# `TYPE WORDS name;` (or `=`, `,`, `[`, `)` after the name) at the start of a statement
_HEADER_DECLARATION = re.compile(
    rb"(?:^|[;{}(,])[ \t]*((?:[A-Za-z_]\w*[ \t]*[*&]*[ \t]+)+)([A-Za-z_]\w*)[ \t]*[;=,\[)]", re.M)
# Words before a name that make it no declaration (`return dev;`, `#define X dev`)
_NOT_DECLARATIONS = frozenset({b"return", b"case", b"goto", b"else", b"sizeof", b"throw",
                               b"delete", b"new", b"define", b"typedef", b"using", b"namespace"})
_BUILTIN_TYPES = frozenset({b"float", b"double", b"bool", b"void", b"wchar_t", b"char8_t",
                            b"char16_t", b"char32_t", b"_Bool"})
_NULLS = frozenset({b"nullptr", b"NULL", b"__null"})
_INTEGER_LITERAL = re.compile(rb"(?:0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9][0-9']*)[uUlLzZ]*")
_ZERO = re.compile(rb"0+[uUlL]*")
_ARITHMETIC = frozenset({b"+", b"-", b"*", b"/", b"%", b"<<", b">>", b"&", b"|", b"^", b"~",
                         b"(", b")"})
# A struct's CUDA, driver and HIP spellings are one type here (CUmemLocation_st,
# cudaMemLocation, hipMemLocation): what matters is which form's parameter it is.
_STRUCT_SPELLING = re.compile(r"^(?:cuda|CU|cu|hip)|(?:_st|_v\d+)$")


def _struct_key(word: str) -> str:
    return _STRUCT_SPELLING.sub("", word).lower()


def type_kind(words: tuple[bytes, ...]) -> tuple[str, ...] | None:
    """The kind of a type given as words (`(b"const", b"size_t", b"*")`): INT, ("struct", key),
    ("ptr", base, depth) with base "int" or a struct key; None when unknown (a user's typedef)."""
    depth = words.count(b"*")
    names = [w for w in words if w not in _QUALIFIERS and w not in (b"*", b"&")]
    if not names:
        return None
    if all(w in _INTEGER_WORDS for w in names):
        base = "int"
    elif names == [b"auto"] or b"decltype" in names:
        return None
    elif len(names) == 1 and names[0] in _BUILTIN_TYPES:
        base = names[0].decode()  # float, void, ...: neither a device nor a struct
    elif len(names) == 1 and names[0].isascii():
        base = _struct_key(names[0].decode())
    else:
        return None
    if depth:
        return ("ptr", base, str(depth))
    if base == "int":
        return INT
    return ("scalar", base) if names[0] in _BUILTIN_TYPES else ("struct", base)


def _parse_type(text: str) -> tuple[str, ...] | None:
    return type_kind(tuple(w.encode() for w in re.findall(r"[A-Za-z_]\w*|\*|&", text)))


def _fits(parameter: str, kinds: frozenset[tuple[str, ...]]) -> bool:
    """Could an argument of these kinds be this parameter (a CUDA type, as the tables spell it)?"""
    wanted = _parse_type(parameter)
    if wanted is None:
        return False
    for kind in kinds:
        if kind == wanted:
            return True
        if wanted[0] == "struct" and kind[0] == "struct" and not kind[1]:
            return True  # a braced initializer, or a variable with a struct's members
        if wanted[0] == "ptr" and (kind == NULL or (kind[0] == "ptr" and not kind[1])):
            return True
    return False


def argument_kinds(ctx: Context, arg: Span, before: int,
                   names: bool = True) -> frozenset[tuple[str, ...]]:
    """What the argument can be seen to be: empty when nothing can be told. names=False: the
    declarations of the names in it are not looked up (a macro's body)."""
    toks = ctx.parsed.tokens
    idx = [k for k in range(arg.first, arg.last + 1) if toks.kinds[k] != COMMENT]
    while len(idx) >= 2 and toks.raw(idx[0]) == b"(" and ctx.syntax.partner_of(idx[0]) == idx[-1]:
        idx = idx[1:-1]
    if not idx:
        return frozenset()
    raw = [toks.raw(k) for k in idx]
    first = raw[0]
    if not names and any(toks.kinds[k] == IDENT and toks.raw(k) not in _INT_CONSTANTS
                         and not _struct_type_name(toks.raw(k)) for k in idx):
        return frozenset()
    if len(idx) == 1:
        if first in _NULLS:
            return frozenset({NULL})
        if toks.kinds[idx[0]] == LITERAL:
            if _ZERO.fullmatch(first):
                return frozenset({INT, NULL})
            if _INTEGER_LITERAL.fullmatch(first) or first.startswith(b"'"):
                return frozenset({INT})
            return frozenset()
        if toks.kinds[idx[0]] == IDENT:
            return _name_kinds(ctx, idx[0], before)
        return frozenset()
    if first == b"{" and ctx.syntax.partner_of(idx[0]) == idx[-1]:
        return frozenset({BRACED})
    if first == b"(":  # a cast or a compound literal: (TYPE)x, (TYPE){...}
        close = ctx.syntax.partner_of(idx[0])
        if close is not None and close != idx[-1]:
            cast = tuple(toks.raw(k) for k in idx[1:idx.index(close)])
            if _type_words(cast):
                return _one(_words_kind(cast))
    if first in (b"static_cast", b"reinterpret_cast", b"const_cast") and raw[1] == b"<":
        return _one(_words_kind(tuple(raw[2:raw.index(b">")]) if b">" in raw else ()))
    if toks.kinds[idx[0]] == IDENT and raw[1] in (b"{", b"(") and _struct_type_name(first):
        return frozenset({("struct", _struct_key(first.decode()))})  # T{...}, T(...)
    if first in (b"&", b"*") and len(idx) == 2 and toks.kinds[idx[1]] == IDENT:
        words = declared_type(ctx, idx[1], before) or ()
        if first == b"*":
            return _one(_words_kind(_deref(words)))
        return _one(_words_kind((*words, b"*")) if words else ("ptr", "", "1"))  # &x
    if toks.kinds[idx[0]] == IDENT and raw[1] == b"[" and ctx.syntax.partner_of(idx[1]) == idx[-1]:
        words = declared_type(ctx, idx[0], before) or ()
        return _one(_words_kind(_deref(words) if b"*" in words else words))  # p[i], a[i]
    if toks.kinds[idx[0]] == IDENT and raw[1] == b"(" and ctx.syntax.partner_of(idx[1]) == idx[-1]:
        # a call: the return type of the function's declaration
        return _one(_words_kind(declared_type(ctx, idx[0], before, frozenset({b"("})) or ()))
    if (len(idx) == 3 and raw[1] in (b".", b"->") and toks.kinds[idx[0]] == IDENT
            and toks.kinds[idx[2]] == IDENT):  # cfg.device, p->where: the member's declarations
        kinds = {_words_kind(words) for words in declarations_anywhere(ctx, idx[2])}
        if not kinds:
            return _declared_in_headers(ctx, raw[2])
        return _one(kinds.pop()) if len(kinds) == 1 else frozenset()
    return _arithmetic_kinds(ctx, idx, before)


def _name_kinds(ctx: Context, i: int, before: int) -> frozenset[tuple[str, ...]]:
    name = ctx.parsed.tokens.raw(i)
    if name in _INT_CONSTANTS:
        return frozenset({INT})
    kind = _words_kind(declared_type(ctx, i, before) or ())
    if kind is not None:
        return frozenset({kind})
    if _members_set(ctx, name, before):
        return frozenset({BRACED})
    return _declared_in_headers(ctx, name)  # a class member a project header declares


def _declared_in_headers(ctx: Context, name: bytes) -> frozenset[tuple[str, ...]]:
    """The kind every declaration of `name` in the project headers the file includes gives it
    (`CUdevice dev;` in the header of the class whose methods the file defines), read
    lexically; empty when there is none or they differ."""
    declared = ctx.memo.get(_HEADERS_MEMO)
    if declared is None:
        declared = ctx.memo[_HEADERS_MEMO] = _header_declarations(ctx)
    kinds = declared.get(name, set())
    return _one(next(iter(kinds))) if len(kinds) == 1 else frozenset()


def _header_declarations(ctx: Context) -> dict[bytes, set[tuple[str, ...] | None]]:
    """Name -> the kinds its declarations give it, over the project headers the file includes
    (one pass over each, whatever the number of calls that ask)."""
    out: dict[bytes, set[tuple[str, ...] | None]] = {}
    for text in ctx.project_headers(_HEADER_LIMIT):
        for m in _HEADER_DECLARATION.finditer(text):
            words = tuple(re.findall(rb"[A-Za-z_]\w*|\*|&", m.group(1)))
            if not _NOT_DECLARATIONS.intersection(words):
                out.setdefault(m.group(2), set()).add(_words_kind(words))
    return out


def _words_kind(words: tuple[bytes, ...]) -> tuple[str, ...] | None:
    return type_kind(words) if words else None


def _one(kind: tuple[str, ...] | None) -> frozenset[tuple[str, ...]]:
    return frozenset() if kind is None else frozenset({kind})


def _type_words(words: tuple[bytes, ...]) -> bool:
    """Words that name a type the forms are told apart by (not a parenthesized `(dev)`)."""
    names = [w for w in words if w not in _QUALIFIERS and w not in (b"*", b"&")]
    return bool(names) and all(w in _INTEGER_WORDS or w in _BUILTIN_TYPES or _struct_type_name(w)
                               for w in names)


def _deref(words: tuple[bytes, ...]) -> tuple[bytes, ...]:
    if b"*" not in words:
        return ()
    k = len(words) - 1 - words[::-1].index(b"*")
    return words[:k] + words[k + 1:]


def _struct_type_name(word: bytes) -> bool:
    return word.endswith((b"Location", b"Location_st", b"EdgeData", b"EdgeData_st"))


def _members_set(ctx: Context, name: bytes, before: int) -> bool:
    """`name.type` or `name.id` (a memory location's fields) set before the use, in the
    outermost block around it (the function's body)."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    use = toks.index_at(before)
    outer, j = 0, syntax.enclosing_bracket(use)
    while j is not None:
        if toks.raw(j) == b"{":
            outer = j
        j = syntax.enclosing_bracket(j)
    occurrences = syntax.identifier_index.get(name, [])
    for i in occurrences[bisect.bisect_left(occurrences, outer):
                         bisect.bisect_left(occurrences, use)]:
        dot = syntax.next_code(i)
        member = syntax.next_code(dot) if dot is not None and toks.raw(dot) == b"." else None
        if member is not None and toks.raw(member) in (b"type", b"id"):
            return True
    return False


def _arithmetic_kinds(ctx: Context, idx: list[int], before: int) -> frozenset[tuple[str, ...]]:
    """`dev + 1`, `-1`, `rank % ngpus`: an integer when every operand is one."""
    toks = ctx.parsed.tokens
    for k in idx:
        raw = toks.raw(k)
        kind = toks.kinds[k]
        if kind == LITERAL:
            if not _INTEGER_LITERAL.fullmatch(raw):
                return frozenset()
        elif kind == IDENT:
            if INT not in _name_kinds(ctx, k, before):
                return frozenset()
        elif kind == KEYWORD or raw not in _ARITHMETIC:
            return frozenset()
    return frozenset({INT})
