"""Inline PTX that has an exact C++ form: the statement is rewritten, not just reported.

An `asm(...)` statement whose template is one PTX instruction this module knows, with register
operands (`%0`, `%1`, ...) or integer immediates, becomes an assignment of its output:

    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    d = hipify_py_ptx_bfe<unsigned int>(a, b, c);

* `bfe.{u32,s32,u64,s64}` and `bfi.{b32,b64}`: hipify_supplied.h's hipify_py_ptx_bfe/_bfi
  (mappings/supplied_ptx.yaml), the PTX ISA's pseudo-code for every input;
* `mov.u32 %0, %%laneid;`: HIP's __lane_id(), the lane within the wavefront;
* `ld.global[.hint][.v2|.v4].TYPE {%0, ...}, [%k + offset];` with cache hints only (.cs, .nc,
  .ca, .cg, .lu, L1::/L2:: policies): one hipify_py_ptx_ld<T>(address, byte offset) per
  register, the same values (a hint says which caches to use, not what is read); a
  sub-word element is widened as PTX widens it, by the assignment to the register's variable;
* `st[.global][.hint][.v2|.v4].TYPE [%k + offset], {%0, ...};` likewise: hipify_py_ptx_st<T>
  per register (the register's value converted to the element, as PTX truncates it).

A template spelled with a macro that the file defines as a string (`#define LD "ld.global.u32"`)
is read through it (device_checks.py's HPY300 does too). Anything else -- another instruction,
several, a constraint that does not fit the instruction's type (a float register holding a
bit-field), clobbers -- is left and reported (HPY300). The operand expressions keep their
source text (renames inside them still apply), and an output that is not a plain name, member
or element is parenthesised.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from hipify_py.engine.edits import Edit, Piece
from hipify_py.engine.parsing import COMMENT, IDENT, KEYWORD, LITERAL
from hipify_py.engine.rules.base import Context, RuleOutput, Supply
from hipify_py.reporting.diagnostics import Finding
from hipify_py.tables.targets import supplied_note

ASM_WORDS = frozenset({b"asm", b"__asm__", b"__asm"})
ASM_QUALIFIERS = frozenset({b"volatile", b"__volatile__", b"__volatile", b"inline"})
_STRING_DEFINE = re.compile(rb'^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+((?:"(?:[^"\\\n]|\\.)*"[ \t]*)+)$',
                            re.M)
_STRING = re.compile(rb'"((?:[^"\\\n]|\\.)*)"')
_OPERAND = re.compile(r"^(?:%(\d+)|\{\s*%(\d+)\s*\}|(-?(?:0[xX][0-9a-fA-F]+|\d+))[uU]?)$")
_SIMPLE_LVALUE = re.compile(rb"^[A-Za-z_][\w.\[\]>\-]*$")

# (PTX instruction, C++ type of its operands, register constraint of the value operands)
_BFE = {"bfe.u32": ("unsigned int", "r"), "bfe.s32": ("int", "r"),
        "bfe.u64": ("unsigned long long", "l"), "bfe.s64": ("long long", "l")}
_BFI = {"bfi.b32": ("unsigned int", "r"), "bfi.b64": ("unsigned long long", "l")}


# ld.global with a register list and an address register plus an optional byte offset
_LOAD = re.compile(r"^\s*ld\.global((?:\.[\w:]+)+)\s+\{?\s*(%\d+(?:\s*,\s*%\d+)*)\s*\}?\s*,"
                   r"\s*\[\s*%(\d+)\s*(?:\+\s*(0[xX][0-9a-fA-F]+|\d+))?\s*\]\s*;?\s*$")
# st[.global] to an address register plus an optional byte offset, from a register list
_STORE = re.compile(r"^\s*st((?:\.[\w:]+)+)\s+\[\s*%(\d+)\s*(?:\+\s*(0[xX][0-9a-fA-F]+|\d+))?\s*\]"
                    r"\s*,\s*\{?\s*(%\d+(?:\s*,\s*%\d+)*)\s*\}?\s*;?\s*$")
_STORE_HINT = re.compile(r"wb|cg|cs|wt|weak|L1::no_allocate|L1::evict_\w+|L2::evict_\w+")
# cache hints: which caches to use, never what is read
_LOAD_HINT = re.compile(r"ca|cg|cs|lu|nc|weak|L1::(?:evict_\w+|no_allocate)|L2::(?:64B|128B|256B)"
                        r"|L2::evict_\w+")
# PTX type -> (C++ type read, bytes, the register constraints that hold it)
_LOAD_TYPES = {
    "u8": ("unsigned char", 1, ("r", "h")), "s8": ("signed char", 1, ("r", "h")),
    "u16": ("unsigned short", 2, ("r", "h")), "s16": ("short", 2, ("r", "h")),
    "b16": ("unsigned short", 2, ("r", "h")),
    "u32": ("unsigned int", 4, ("r",)), "s32": ("int", 4, ("r",)), "b32": ("unsigned int", 4, ("r",)),
    "u64": ("unsigned long long", 8, ("l",)), "s64": ("long long", 8, ("l",)),
    "b64": ("unsigned long long", 8, ("l",)),
    "f32": ("float", 4, ("f",)), "f64": ("double", 8, ("d",)),
}


class Operand(NamedTuple):
    constraint: str
    start: int  # byte range of the expression inside the parentheses
    end: int


class AsmStatement(NamedTuple):
    keyword: int  # token index of `asm`
    start: int  # byte offsets: `asm` .. the closing parenthesis
    end: int
    # the instruction text (macros read, C escapes and %% undone; one per macro definition)
    templates: tuple[str, ...] | None
    outputs: tuple[Operand, ...]
    inputs: tuple[Operand, ...]
    clobbers: tuple[str, ...]
    sections: int  # how many ':'-separated parts follow the template
    comments: tuple[tuple[int, int], ...]  # byte ranges of the comments inside the parentheses


class Rewrite(NamedTuple):
    pieces: tuple[Piece, ...]
    supplied: str | None  # the hipify_supplied.h name it calls, if any
    instruction: str


def string_macros(data: bytes) -> dict[bytes, list[bytes]]:
    """Each macro the file defines as string literals: its definitions' joined contents."""
    found: dict[bytes, list[bytes]] = {}
    if b"define" not in data:
        return found
    for m in _STRING_DEFINE.finditer(data):
        found.setdefault(m.group(1), []).append(b"".join(_STRING.findall(m.group(2))))
    return found


def asm_statements(ctx: Context) -> list[AsmStatement]:
    """Every asm statement with parentheses in the file (memoised)."""
    found: list[AsmStatement] | None = ctx.memo.get("asm_statements")
    if found is None:
        found = ctx.memo["asm_statements"] = list(_find(ctx)) if b"asm" in ctx.data else []
    return found


def _find(ctx: Context) -> Iterator[AsmStatement]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    macros = string_macros(ctx.data)
    for kind in (KEYWORD, IDENT):
        for i in toks.of_kind(kind):
            if toks.raw(i) not in ASM_WORDS:
                continue
            j = syntax.next_code(i)
            while j is not None and toks.raw(j) in ASM_QUALIFIERS:
                j = syntax.next_code(j)
            if j is None or toks.raw(j) != b"(":
                continue
            close = syntax.partner_of(j)
            if close is None:
                continue
            # the parts between top-level ':' (the template, outputs, inputs, clobbers)
            parts: list[list[int]] = [[]]
            comments: list[int] = []
            k = j + 1
            while k < close:
                raw = toks.raw(k)
                if toks.kinds[k] == COMMENT:
                    comments.append(k)
                elif raw == b":":
                    parts.append([])
                elif raw == b"::":  # no outputs: `asm("..." :: "r"(x))`
                    parts.extend(([], []))
                else:
                    parts[-1].append(k)
                    partner = syntax.partner_of(k) if raw in (b"(", b"[", b"{") else None
                    if partner is not None and partner < close:
                        inside = range(k + 1, partner + 1)
                        parts[-1].extend(n for n in inside if toks.kinds[n] != COMMENT)
                        comments.extend(n for n in inside if toks.kinds[n] == COMMENT)
                        k = partner
                k += 1
            template = _template(ctx, parts[0], macros)
            outputs = _operands(ctx, parts[1]) if len(parts) > 1 else ()
            inputs = _operands(ctx, parts[2]) if len(parts) > 2 else ()
            clobbers = tuple(_text(toks.raw(k)) for k in parts[3] if toks.kinds[k] == LITERAL) \
                if len(parts) > 3 else ()
            yield AsmStatement(i, toks.start(i), toks.end(close), template,
                               outputs if outputs is not None else (),
                               inputs if inputs is not None else (), clobbers, len(parts) - 1,
                               tuple((toks.start(c), toks.end(c)) for c in comments))


def _text(raw: bytes) -> str:
    m = _STRING.fullmatch(raw)
    return m.group(1).decode("utf-8", "replace") if m else ""


def _template(ctx: Context, tokens: list[int], macros: dict[bytes, list[bytes]],
              ) -> tuple[str, ...] | None:
    """The template's text, one per definition of a string macro it spells (`#if` branches
    may define one twice), or None where it is not string literals and string macros."""
    toks = ctx.parsed.tokens
    texts: list[bytes] = [b""]
    for k in tokens:
        raw = toks.raw(k)
        if toks.kinds[k] == LITERAL and raw.startswith(b'"') and raw.endswith(b'"'):
            texts = [t + raw[1:-1] for t in texts]
        elif toks.kinds[k] == IDENT and raw in macros and len(set(macros[raw])) <= 4:
            texts = [t + d for t in texts for d in dict.fromkeys(macros[raw])]
        else:
            return None
    return tuple(dict.fromkeys(
        t.decode("utf-8", "replace").replace("\\n", "\n").replace("\\t", "\t")
        .replace("%%", "%") for t in texts))


def _operands(ctx: Context, tokens: list[int]) -> tuple[Operand, ...] | None:
    """`"=r"(x), "r"(y + 1)` as (constraint, expression range) pairs; None if not that shape."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    out: list[Operand] = []
    n = 0
    while n < len(tokens):
        k = tokens[n]
        if toks.kinds[k] != LITERAL or n + 1 >= len(tokens) or toks.raw(tokens[n + 1]) != b"(":
            return None
        open_ = tokens[n + 1]
        close = syntax.partner_of(open_)
        if close is None or close == open_ + 1:
            return None
        out.append(Operand(_text(toks.raw(k)), toks.end(open_), toks.start(close)))
        n = tokens.index(close, n) + 1 if close in tokens else len(tokens)
        if n < len(tokens):
            if toks.raw(tokens[n]) != b",":
                return None
            n += 1
    return tuple(out)


def _instruction(template: str) -> tuple[str, list[str]] | None:
    """(opcode, operands) of a template that is one instruction."""
    body = template.strip().rstrip(";").strip()
    if not body or ";" in body or "\n" in body or "{" in body.split(None, 1)[0]:
        return None
    parts = body.split(None, 1)
    if len(parts) != 2:
        return None
    return parts[0], [o.strip() for o in parts[1].split(",")]


def rewrite(ctx: Context, asm: AsmStatement) -> Rewrite | None:
    """The C++ an asm statement becomes, or None where it has none here (or where the
    definitions of a macro in its template give different C++)."""
    if asm.templates is None or asm.clobbers or asm.sections > 3:
        return None
    found = {_rewrite(ctx, asm, template) for template in asm.templates}
    if len(found) != 1:
        return None
    done = found.pop()
    return None if done is None else done._replace(instruction=asm.templates[0].split()[0])


def _rewrite(ctx: Context, asm: AsmStatement, template: str) -> Rewrite | None:
    load = _LOAD.match(template)
    if load is not None:
        return _load(ctx, asm, load)
    store = _STORE.match(template)
    if store is not None:
        return _store(asm, store)
    if len(asm.outputs) != 1:
        return None
    parsed = _instruction(template)
    if parsed is None:
        return None
    opcode, operands = parsed
    operands_in = [*asm.outputs, *asm.inputs]

    def operand(text: str, constraint: str) -> Piece | None:
        m = _OPERAND.match(text)
        if m is None:
            return None
        if m.group(3) is not None:
            return m.group(3).encode()
        index = int(m.group(1) or m.group(2))
        if index >= len(operands_in) or index == 0:
            return None
        op = operands_in[index]
        if op.constraint != constraint:
            return None
        return (op.start, op.end)

    out = asm.outputs[0]
    if opcode in _BFE or opcode in _BFI:
        ctype, reg = _BFE.get(opcode) or _BFI[opcode]
        count = 4 if opcode in _BFE else 5
        if len(operands) != count or out.constraint != f"={reg}":
            return None
        first = _OPERAND.match(operands[0])
        if first is None or first.group(1) != "0":
            return None
        values = 1 if opcode in _BFE else 2
        args: list[Piece] = []
        for n, text in enumerate(operands[1:]):
            piece = operand(text, reg if n < values else "r")
            if piece is None:
                return None
            if args:
                args.append(b", ")
            args.append(piece)
        name = "hipify_py_ptx_bfe" if opcode in _BFE else "hipify_py_ptx_bfi"
        call: tuple[Piece, ...] = (f"{name}<{ctype}>(".encode(), *args, b")")
        return Rewrite((*_output(ctx, out), b" = ", *call), name, opcode)
    if opcode == "mov.u32" and operands == ["%0", "%laneid"] and out.constraint == "=r" \
            and not asm.inputs:
        return Rewrite((*_output(ctx, out), b" = __lane_id()"), None, opcode)
    return None


def _load(ctx: Context, asm: AsmStatement, m: re.Match[str]) -> Rewrite | None:
    """`ld.global[.hints][.vN].TYPE {%0, ...}, [%k + offset];`: one load per register, each
    of the element the instruction reads (a cache hint changes no value; ordering qualifiers
    such as .volatile or .acquire are not translated)."""
    qualifiers = m.group(1).split(".")[1:]
    if not qualifiers or qualifiers[-1] not in _LOAD_TYPES:
        return None
    ctype, size, registers = _LOAD_TYPES[qualifiers[-1]]
    count = 1
    for q in qualifiers[:-1]:
        if q in ("v2", "v4"):
            count = int(q[1])
        elif not _LOAD_HINT.fullmatch(q):
            return None
    targets = [int(t.strip()[1:]) for t in m.group(2).split(",")]
    if len(targets) != count or targets != list(range(count)) or len(asm.outputs) != count:
        return None
    if any(out.constraint.lstrip("=") not in registers or not out.constraint.startswith("=")
           for out in asm.outputs):
        return None
    address = int(m.group(3)) - count
    if not 0 <= address < len(asm.inputs) or len(asm.inputs) != 1 \
            or asm.inputs[address].constraint != "l":
        return None
    offset = int(m.group(4).replace(" ", ""), 0) if m.group(4) else 0
    addr = asm.inputs[address]
    pieces: list[Piece] = [b"("] if count > 1 else []
    for n, out in enumerate(asm.outputs):
        if n:
            pieces.append(b", ")
        pieces.extend((*_output(ctx, out), f" = hipify_py_ptx_ld<{ctype}>(".encode(),
                       (addr.start, addr.end), f", {offset + n * size})".encode()))
    if count > 1:
        pieces.append(b")")
    return Rewrite(tuple(pieces), "hipify_py_ptx_ld", "ld.global")


def _store(asm: AsmStatement, m: re.Match[str]) -> Rewrite | None:
    """`st[.global][.hints][.vN].TYPE [%k + offset], {%a, ...};`: one store per register, of
    the element the instruction writes (a generic or global address; hints only)."""
    qualifiers = m.group(1).split(".")[1:]
    if not qualifiers or qualifiers[-1] not in _LOAD_TYPES or asm.outputs:
        return None
    ctype, size, registers = _LOAD_TYPES[qualifiers[-1]]
    count = 1
    for n, q in enumerate(qualifiers[:-1]):
        if q in ("v2", "v4"):
            count = int(q[1])
        elif not (_STORE_HINT.fullmatch(q) or (q == "global" and n == 0)):
            return None
    address = int(m.group(2))
    sources = [int(t.strip()[1:]) for t in m.group(4).split(",")]
    if len(sources) != count or len(asm.inputs) != count + 1 or address >= len(asm.inputs) \
            or asm.inputs[address].constraint != "l" or address in sources \
            or sorted(sources) != sorted(set(range(count + 1)) - {address}):
        return None
    if any(asm.inputs[k].constraint not in registers for k in sources):
        return None
    offset = int(m.group(3), 0) if m.group(3) else 0
    addr = asm.inputs[address]
    pieces: list[Piece] = [b"("] if count > 1 else []
    for n, k in enumerate(sources):
        if n:
            pieces.append(b", ")
        value = asm.inputs[k]
        pieces.extend((f"hipify_py_ptx_st<{ctype}>(".encode(), (addr.start, addr.end),
                       f", {offset + n * size}, ".encode(), (value.start, value.end), b")"))
    if count > 1:
        pieces.append(b")")
    return Rewrite(tuple(pieces), "hipify_py_ptx_st", "st")


def _output(ctx: Context, out: Operand) -> tuple[Piece, ...]:
    text = ctx.data[out.start:out.end].strip()
    if _SIMPLE_LVALUE.match(text):
        return ((out.start, out.end),)
    return (b"(", (out.start, out.end), b")")


def _comments(ctx: Context, asm: AsmStatement) -> Iterator[Piece]:
    """The statement's comments, kept before what it becomes (a // comment as /* */: the
    statement's `;` follows on the same line)."""
    for start, end in asm.comments:
        text = ctx.data[start:end]
        if text.startswith(b"//") and b"*/" not in text:
            yield b"/* " + text[2:].strip() + b" */ "
        elif text.startswith(b"/*"):
            yield (start, end)
            yield b" "


def translated(ctx: Context) -> dict[int, Rewrite]:
    """asm keyword token -> its rewrite, for the statements this module translates (memoised)."""
    found: dict[int, Rewrite] | None = ctx.memo.get("ptx_idioms")
    if found is None:
        found = {}
        for asm in asm_statements(ctx):
            if ctx.is_skipped(asm.start):
                continue
            done = rewrite(ctx, asm)
            if done is not None:
                found[asm.keyword] = done
        ctx.memo["ptx_idioms"] = found
    return found


def rewrite_ptx_idioms(ctx: Context) -> Iterator[RuleOutput]:
    if b"asm" not in ctx.data:
        return
    for asm in asm_statements(ctx):
        done = translated(ctx).get(asm.keyword)
        if done is None:
            continue
        yield Edit(asm.start, asm.end, b"", "ptx_idioms", (*_comments(ctx, asm), *done.pieces))
        if done.supplied is not None:
            note = supplied_note(done.supplied, ctx.settings, ctx.table,
                                 f"inline PTX {done.instruction} -> {done.supplied}", ctx.is_c)
            if note is not None:
                yield Supply(done.supplied)
                yield Finding(note.code, asm.start, asm.end, note.message, None, note.suggestion,
                              "supplied")
