"""Types that change meaning in translation: report code that stops compiling because of it.

* HPY510: several CUDA types become one HIP type (`CUresult` and `cudaError_t` both become
  `hipError_t`), so two overloads of a helper, one per CUDA type, become the same function. The
  typical case is cuda-samples' `_cudaGetErrorEnum(cudaError_t)` / `_cudaGetErrorEnum(CUresult)`.
  The first keeps the name and the later one is renamed, so the file compiles and every call
  reaches the first (HIP's driver and runtime share one error enum).
* HPY511: helper headers (helper_math.h and its many copies) define arithmetic operators on the
  CUDA vector types; HIP's vector types define them already. Most still compile (the user's
  non-template function wins), but compound assignments, increments and HIP 7.2's vector * and /
  tie with HIP's and every use is ambiguous: such a definition is kept for CUDA only, so HIP's
  own (element by element) serves AMD; one that gives no vector, or shares its lines with other
  code, is reported as an error.

* HPY512: HIP's device library has atomic overloads CUDA lacks (atomicSub, atomicMin and
  atomicMax on float and double, atomicSub on unsigned long long); a project's own definition of
  one, at global scope, is a redefinition.

* HPY514: a file that gets HIP's runtime header and defines, at global scope, a type named as
  one of HIP's vector types (`struct uchar4 {...}`, `typedef ... float2;`): that header defines
  them already, so the definition is a redefinition. (A host file with no other CUDA gets no
  runtime header and keeps its own type: Context.uses_cuda.)

* HPY170: `CUdeviceptr` is an unsigned integer in CUDA (byte addresses), and HIP's
  `hipDeviceptr_t` is `void *`. Arithmetic on one (`base + offset`, `ptr += size`) and an
  integer forwarded where one is taken (`std::make_unique<Range>(n, 0ULL)`) do not compile
  any more (or, for a `- `, give another type). Found where the file does so with a name it,
  or a project header it includes, declares as a CUdeviceptr (a variable, a parameter, a
  member, a function's result) or with a function taking one. What reads the same in HIP is
  rewritten (HPY530): `base + bytes` whose right operand runs to the end of the expression and
  `ptr += bytes;` as a statement become `hipify_py_deviceptr_add(base, bytes)` (supplied: a
  byte offset on AMD's pointer, the integer sum on NVIDIA's), a 0 forwarded becomes
  `hipDeviceptr_t{}`. The rest is reported (HPY170).

All are found on tokens: a function declarator is an identifier (or `operator` + symbol)
followed by a parenthesised parameter list and then `{`, `;` or a qualifier.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from functools import cache
from typing import NamedTuple

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import COMMENT, IDENT, KEYWORD, PUNCT
from hipify_py.engine.rules.base import Context, RuleOutput, Supply, identifier_tokens, int_value
from hipify_py.engine.syntax import Span
from hipify_py.reporting.diagnostics import Finding, Severity
from hipify_py.tables.mapping_model import MappingTable
from hipify_py.tables.targets import merging_type_names, resolve, supplied_note

_VECTOR_TYPE = re.compile(
    r"(?:u?char|u?short|u?int|u?long|(?:u?longlong)|float|double|half)[1-4]"
)
_AFTER_DECLARATOR = frozenset({b"{", b";", b"const", b"noexcept", b"->", b"override", b":"})


def find_type_clashes(ctx: Context) -> Iterator[RuleOutput]:
    yield from _overload_collisions(ctx)
    yield from _vector_operators(ctx)
    yield from _hip_atomic_overloads(ctx)
    yield from _vector_type_definitions(ctx)
    yield from _device_pointer_arithmetic(ctx)


_DEVICE_POINTER = re.compile(rb"\bCUdeviceptr(?:_v[12])?\b")
# `CUdeviceptr name` (not `CUdeviceptr *name`): a variable, parameter, member or function
_DEVICE_POINTER_NAME = re.compile(
    rb"\bCUdeviceptr(?:_v[12])?\s+(?:const\s+)?&?\s*([A-Za-z_]\w*)\s*[\[({;=,)]")
# a function or constructor with a CUdeviceptr parameter: its name and the parameter's place
_TAKES_DEVICE_POINTER = re.compile(rb"\b([A-Za-z_]\w*)\s*\(([^()]*\bCUdeviceptr(?:_v[12])?\b[^()]*)\)")
_ARITHMETIC = frozenset({b"+", b"-", b"+=", b"-=", b"++", b"--"})
_FORWARDERS = frozenset({b"make_unique", b"make_shared", b"emplace_back", b"emplace"})
_INTEGER = re.compile(rb"(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*")
_HEADER_BYTES = 200_000


class _DevicePointers(NamedTuple):
    functions: set[bytes]  # functions returning a CUdeviceptr (file and project headers)
    scopes: dict[bytes, list[tuple[int, int]]]  # this file's variables: token ranges they live in
    takes: dict[bytes, set[int]]  # functions taking one -> the parameter places


def _device_pointer_declarations(ctx: Context) -> _DevicePointers:
    """What the file (and, for functions, the project headers it includes) declares with the
    type CUdeviceptr. A variable, parameter or member counts only inside the braces it is
    declared in (a parameter: its function's body), so that another `ptr_` is not taken for it."""
    functions: set[bytes] = set()
    takes: dict[bytes, set[int]] = {}
    for text in (ctx.data, *ctx.project_headers(_HEADER_BYTES)):
        if not _DEVICE_POINTER.search(text):
            continue
        functions.update(m.group(1) for m in _DEVICE_POINTER_NAME.finditer(text)
                         if m.group(0).endswith(b"("))
        for m in _TAKES_DEVICE_POINTER.finditer(text):
            for place, parameter in enumerate(m.group(2).split(b",")):
                if _DEVICE_POINTER.search(parameter) and b"*" not in parameter:
                    takes.setdefault(m.group(1), set()).add(place)
    functions -= _NOT_NAMES
    # `using Fn = CUresult(CUdeviceptr ptr, ...)`: a function type, not a function of the file's
    for name in [n for n in takes if n.decode() in ctx.table.entries or n in _NOT_NAMES]:
        del takes[name]
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    scopes: dict[bytes, list[tuple[int, int]]] = {}
    for i in identifier_tokens(ctx, _DEVICE_POINTER):
        decl = syntax.next_code(i)
        if decl is not None and toks.raw(decl) == b"&":
            decl = syntax.next_code(decl)
        if decl is None or toks.kinds[decl] != IDENT or toks.raw(decl) in _NOT_NAMES:
            continue
        after = syntax.next_code(decl)
        if after is not None and toks.raw(after) == b"(" and syntax.enclosing_bracket(i) is None:
            continue  # a function at file level (above)
        scope = _scope_of(ctx, i)
        if scope is not None:
            scopes.setdefault(toks.raw(decl), []).append(scope)
    return _DevicePointers(functions, scopes, takes)


def _scope_of(ctx: Context, i: int) -> tuple[int, int] | None:
    """The tokens a declaration at token i is visible in: its enclosing braces (a parameter:
    the body of its function), or None at file level."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    opener = syntax.enclosing_bracket(i)
    if opener is None:
        return None
    if toks.raw(opener) == b"(":
        close = syntax.partner_of(opener)
        k = close
        while k is not None and toks.raw(k) not in (b"{", b";"):
            k = syntax.next_code(k)
            if k is not None and toks.raw(k) == b"(":
                k = syntax.partner_of(k)  # a member initializer's (...)
        if k is None or toks.raw(k) != b"{":
            return None
        opener = k
    elif toks.raw(opener) != b"{":
        return None
    close = syntax.partner_of(opener)
    return None if close is None else (i, close)


_NOT_NAMES = frozenset({b"const", b"volatile", b"operator", b"return", b"sizeof"})


def _device_pointer_arithmetic(ctx: Context) -> Iterator[RuleOutput]:
    if not _DEVICE_POINTER.search(ctx.data) and b"CUdeviceptr" not in b"".join(
            ctx.project_headers(_HEADER_BYTES)):
        return
    declared = _device_pointer_declarations(ctx)
    if not (declared.functions or declared.scopes or declared.takes):
        return
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    reported: set[int] = set()  # lines
    newlines: list[int] = []

    def line_of(offset: int) -> int:
        if not newlines:
            newlines.extend(m.start() for m in re.finditer(rb"\n", ctx.data))
            newlines.append(len(ctx.data))
        return bisect.bisect_left(newlines, offset)

    for i in toks.of_kind(IDENT):
        text = toks.raw(i)
        scopes = declared.scopes.get(text, ())
        function = text in declared.functions
        if not (function or scopes or text in declared.takes):
            continue
        if ctx.is_skipped(toks.start(i)):
            continue
        prev = syntax.prev_code(i)
        if prev is not None and _DEVICE_POINTER.fullmatch(toks.raw(prev)):
            continue  # its declaration
        nxt = syntax.next_code(i)
        called = nxt is not None and toks.raw(nxt) == b"("
        # the operator first (few names have one), then whether the name is the one declared
        at = _arithmetic_on(ctx, i) if (function and called) or (scopes and not called) else None
        if at is not None and not (function and called) and not _inside(scopes, i):
            at = None
        if at is not None:
            line = line_of(toks.start(i))
            if line not in reported:
                reported.add(line)
                rewrite = _offset_rewrite(ctx, i, at)
                if rewrite:
                    yield from _supplied_offset(ctx, rewrite, toks.start(i), toks.end(at))
                else:
                    yield _finding(toks.start(i), toks.end(at), f"{text.decode()} is a "
                                   "CUdeviceptr and is computed with")
        if text in declared.takes:
            for place, literal in _integers_forwarded(ctx, i, declared.takes[text]):
                line = line_of(toks.start(i))
                if line in reported:
                    break
                reported.add(line)
                if int_value(toks.raw(literal)) == 0:
                    yield Edit(toks.start(literal), toks.end(literal), b"hipDeviceptr_t{}",
                               "type_clashes")
                    continue
                yield _finding(toks.start(i), toks.end(i), f"{text.decode()} takes a CUdeviceptr "
                               f"(argument {place + 1}), given an integer")


_SUPPLIED_ADD = "hipify_py_deviceptr_add"
# Operators that bind looser than `+`: where the right operand of `base + ...` stops
_LOOSER = frozenset({b"<", b">", b"<=", b">=", b"==", b"!=", b"&", b"^", b"|", b"&&", b"||",
                     b"?", b":", b"=", b"+=", b"-=", b"*=", b"/=", b"%=", b"&=", b"|=", b"^=",
                     b"<<", b">>", b"<<=", b">>=", b"<=>"})
# Tokens after which an operand starts a full (sub)expression
_EXPRESSION_START = frozenset({b"=", b"(", b",", b"return", b"{", b";", b"}"})
_END = frozenset({b";", b",", b")", b"]", b"}"})


def _operand_start(ctx: Context, i: int) -> int:
    """The first token of the postfix expression whose member name is token i (`this->F()`,
    `range->DevPtr()`, `p`)."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    start = i
    prev = syntax.prev_code(i)
    while prev is not None and toks.raw(prev) in (b".", b"->"):
        owner = syntax.prev_code(prev)
        if owner is None:
            break
        if toks.raw(owner) in (b")", b"]"):
            opener = syntax.opener_of(owner)
            owner = syntax.prev_code(opener) if opener is not None else None
            if owner is None:
                break
        start = owner
        prev = syntax.prev_code(owner)
    return start


def _expression_end(ctx: Context, first: int) -> int | None:
    """The last token of the operand that starts at `first` and runs to the end of its
    expression, with no operator looser than `+` on the way (None: it stops earlier)."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    k: int | None = first
    last = None
    while k is not None:
        t = toks.raw(k)
        if t in _END:
            return last
        if t in _LOOSER:
            return None
        if t in (b"(", b"[", b"{"):
            k = syntax.partner_of(k)
            if k is None:
                return None
        last = k
        k = syntax.next_code(k)
    return None


class _Rewrite(NamedTuple):
    edits: tuple[Edit, ...]


def _offset_rewrite(ctx: Context, i: int, op: int) -> _Rewrite | None:
    """`base + bytes` (to the end of its expression, base a whole operand) or `ptr += bytes;`
    -> hipify_py_deviceptr_add(...), as edits that leave the operands' own tokens alone."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    operator = toks.raw(op)
    if operator not in (b"+", b"+="):
        return None
    start = _operand_start(ctx, i)
    before = syntax.prev_code(start)
    if before is None or toks.raw(before) not in _EXPRESSION_START:
        return None
    first = syntax.next_code(op)
    if first is None:
        return None
    last = _expression_end(ctx, first)
    if last is None:
        return None
    end = toks.end(last)
    if operator == b"+":
        return _Rewrite((Edit(toks.start(start), toks.start(start), f"{_SUPPLIED_ADD}(".encode(),
                              "type_clashes"),
                         Edit(toks.end(syntax.prev_code(op) or op), toks.end(op), b",",
                              "type_clashes"),
                         Edit(end, end, b")", "type_clashes")))
    after = syntax.next_code(last)
    if start != i or toks.raw(before) not in (b";", b"{", b"}") or after is None or toks.raw(
            after) != b";":
        return None  # only `name += bytes;` as a statement of its own
    name = toks.raw(i)
    return _Rewrite((Edit(toks.start(op), toks.end(op), b"= " + _SUPPLIED_ADD.encode() + b"("
                          + name + b",", "type_clashes"),
                     Edit(end, end, b")", "type_clashes")))


def _supplied_offset(ctx: Context, rewrite: _Rewrite, start: int, end: int,
                     ) -> Iterator[RuleOutput]:
    note = supplied_note(_SUPPLIED_ADD, ctx.settings, ctx.table, "a CUdeviceptr plus a byte "
                         f"offset -> {_SUPPLIED_ADD} (CUdeviceptr is an integer, HIP's "
                         "hipDeviceptr_t a void *)")
    if note is None:
        yield _finding(start, end, "a CUdeviceptr is computed with")
        return
    yield from rewrite.edits
    yield Supply(_SUPPLIED_ADD)
    yield Finding(note.code, start, end, note.message, "CUdeviceptr", note.suggestion, "driver")


def _inside(scopes: Sequence[tuple[int, int]], i: int) -> bool:
    """Whether token i lies in one of the scopes (in order of their starts): the few nearest
    before it are looked at, so that many declarations of one name stay linear."""
    k = bisect.bisect_left(scopes, (i, -1))
    return any(a < i < b for a, b in scopes[max(0, k - 4):k])


def _arithmetic_on(ctx: Context, i: int) -> int | None:
    """The operator token of arithmetic on the operand that name token i (or its call) is."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    last = i
    nxt = syntax.next_code(i)
    if nxt is not None and toks.raw(nxt) == b"(":
        close = syntax.partner_of(nxt)
        if close is None:
            return None
        last = close
        nxt = syntax.next_code(close)
    if nxt is not None and toks.raw(nxt) in _ARITHMETIC:
        return nxt
    prev = syntax.prev_code(i)
    while prev is not None and toks.raw(prev) in (b".", b"->"):
        owner = syntax.prev_code(prev)
        prev = syntax.prev_code(owner) if owner is not None else None
    if prev is not None and toks.raw(prev) in (b"++", b"--"):
        return last
    return None


def _integers_forwarded(ctx: Context, i: int, places: set[int]) -> Iterator[tuple[int, int]]:
    """Places of integer literals given for a CUdeviceptr parameter of the function named by
    token i: through a forwarder (make_unique<T>(...), where even 0 is no null pointer), or
    a nonzero one in a direct call."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    nxt = syntax.next_code(i)
    prev = syntax.prev_code(i)
    forwarded = False
    if nxt is not None and toks.raw(nxt) == b">" and prev is not None and toks.raw(prev) == b"<":
        forwarder = syntax.prev_code(prev)
        if forwarder is None or toks.raw(forwarder) not in _FORWARDERS:
            return
        forwarded = True
        nxt = syntax.next_code(nxt)
    if nxt is None or toks.raw(nxt) not in (b"(", b"{"):
        return
    close = syntax.partner_of(nxt)
    if close is None:
        return
    for place, span in enumerate(syntax.split_args(nxt, close)):
        if place not in places:
            continue
        argument = syntax.code_text(span, b"")
        if _INTEGER.fullmatch(argument) and (forwarded or int_value(argument) != 0):
            yield place, span.first


def _finding(start: int, end: int, what: str) -> Finding:
    return Finding("HPY170", start, end,
                   f"{what}: CUdeviceptr is an unsigned integer in CUDA, and HIP's "
                   "hipDeviceptr_t is void *, where this does not compile",
                   "CUdeviceptr", "compute with a char pointer, (char *)ptr + bytes, or keep "
                   "the address in a std::uintptr_t and convert it where HIP takes a "
                   "hipDeviceptr_t", "driver")


@cache
def _merging_types(table: MappingTable) -> frozenset[str]:
    """CUDA type names that share their HIP name with another CUDA type name."""
    if table.merging_types is not None:
        return table.merging_types  # computed when the table was built
    return merging_type_names(table)


def _overload_collisions(ctx: Context) -> Iterator[RuleOutput]:
    """The first overload seen keeps the name; every declarator of another CUDA signature that
    becomes the same HIP signature is renamed (name_CUresult): calls with either CUDA type now
    reach the survivor, which takes the merged HIP type, and the renamed one stays as code."""
    merging = _merging_types(ctx.table)
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    # (function name, normalized signature) -> original signature of the overload that keeps it
    survivors: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
    visited_parens: set[int] = set()
    for i, entry in ctx.api_tokens:
        if entry.cuda not in merging:
            continue
        open_paren = _enclosing_paren(ctx, i)
        if open_paren is None or open_paren in visited_parens:
            continue
        visited_parens.add(open_paren)
        name_index = syntax.prev_code(open_paren)
        close = syntax.partner_of(open_paren)
        if name_index is None or close is None or toks.kinds[name_index] != IDENT:
            continue
        after = syntax.next_code(close)
        if after is None or toks.raw(after) not in _AFTER_DECLARATOR:
            continue  # a call, not a declarator
        original = tuple(
            toks.text(k) for k in range(open_paren + 1, close) if toks.kinds[k] != COMMENT
        )
        if not _parameter_list(original):
            continue  # `f(&x, ...);`: a call statement, not a declaration
        normalized = tuple(_hip_name(ctx, t) for t in _types_only(original))
        fname = toks.text(name_index)
        survivor = survivors.setdefault((fname, normalized), original)
        if survivor == original:
            continue
        own = [t for t in _types_only(original) if t in merging and t not in survivor]
        renamed = "_".join([fname, *own]) if own else f"{fname}_2"
        yield Edit(toks.start(name_index), toks.end(name_index), renamed.encode(), "type_clashes")
        yield Finding(
            "HPY510", toks.start(name_index), toks.end(name_index),
            f"{fname}({', '.join(_types_only(original))}) and "
            f"{fname}({', '.join(_types_only(survivor))}) become the same function after "
            f"translation ({', '.join(normalized)}): this one is renamed {renamed}, and calls "
            f"with either type reach {fname}({', '.join(_types_only(survivor))})",
            entry.cuda, f"check that {fname}({', '.join(_types_only(survivor))}) serves both "
            f"uses, then delete {renamed}", "runtime",
        )


def _enclosing_paren(ctx: Context, i: int) -> int | None:
    """The '(' that directly encloses token i within a short distance, if any."""
    toks = ctx.parsed.tokens
    depth = 0
    for k in range(i - 1, max(-1, i - 60), -1):
        if toks.kinds[k] != PUNCT:
            continue
        t = toks.raw(k)
        if t in (b")", b"]"):
            depth += 1
        elif t in (b"(", b"["):
            if depth == 0:
                return k if t == b"(" else None
            depth -= 1
        elif t in (b";", b"{", b"}"):
            return None
    return None


def _parameter_list(tokens: tuple[str, ...]) -> bool:
    """Could these tokens declare parameters? Each must start with a type's first word."""
    starts = [tokens[0]] if tokens else []
    starts += [tokens[k + 1] for k, t in enumerate(tokens[:-1]) if t == ","]
    return all(s[:1].isalpha() or s[:1] == "_" or s == "::" for s in starts)


def _types_only(params: tuple[str, ...]) -> tuple[str, ...]:
    """Parameter types without parameter names: `CUresult err, int n` -> (CUresult, int)."""
    out: list[str] = []
    current: list[str] = []
    for tok in (*params, ","):
        if tok == ",":
            last = current[-1] if current else ""
            if len(current) > 1 and (last[:1].isalpha() or last[:1] == "_"):
                current = current[:-1]
            if current:
                out.append(" ".join(current))
            current = []
        else:
            current.append(tok)
    return tuple(out)


def _hip_name(ctx: Context, text: str) -> str:
    words = []
    for word in text.split(" "):
        entry = ctx.table.entries.get(word)
        name = resolve(entry, ctx.settings, ctx.table).name if entry is not None else None
        words.append(name or word)
    return " ".join(words)


# The user's operators on CUDA vector types that HIP's own make ambiguous at every use (compiled
# against HIP 5.2's and 7.2's amd_hip_vector_types.h, each form on 8 vector types): HIP's
# compound assignments and increments are members taking the vector, which tie with a free
# function taking the same; HIP 7.2's vector * and / are non-template functions. The rest
# (vector + vector, vector op scalar, unary minus, ==, the integer operators) lose to the user's
# non-template function and compile as they are.
_COMPOUND = frozenset({"+=", "-=", "*=", "/="})
_STEP = frozenset({"++", "--"})
_BINARY = frozenset({"*", "/"})


def _vector_operators(ctx: Context) -> Iterator[RuleOutput]:
    data = ctx.data
    if b"operator" not in data:
        return
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i in toks.of_kind(KEYWORD):
        if toks.raw(i) != b"operator":
            continue
        open_paren = syntax.next_code(i)
        # operator followed by its symbol (one or two punctuation tokens), then '('
        for _ in range(3):
            if open_paren is None or toks.raw(open_paren) == b"(":
                break
            open_paren = syntax.next_code(open_paren)
        if open_paren is None or toks.raw(open_paren) != b"(" or open_paren == i + 1:
            continue  # operator()(...): a call operator, not arithmetic
        close = syntax.partner_of(open_paren)
        if close is None:
            continue
        after = syntax.next_code(close)
        if after is None or toks.raw(after) not in _AFTER_DECLARATOR or _is_member(ctx, i):
            continue
        symbol = "".join(toks.text(k) for k in range(i + 1, open_paren) if toks.kinds[k] != COMMENT)
        params = [_parameter(ctx, p) for p in syntax.split_args(open_paren, close)]
        clash = _clashing(symbol, params)
        if clash is None:
            continue
        vector = clash
        where = (toks.start(i), toks.end(open_paren - 1))
        returns = syntax.prev_code(i)
        while returns is not None and toks.raw(returns) in (b"&", b"const"):
            returns = syntax.prev_code(returns)
        elementwise = symbol not in _BINARY or (
            returns is not None and toks.text(returns) == vector)
        body: int | None = after
        while body is not None and toks.raw(body) not in (b"{", b";"):
            body = syntax.next_code(body)  # past `const`, `noexcept`, a trailing return type
        guard = (_amd_guard(ctx, i, body) if elementwise and body is not None
                 and syntax.directive_at(i) is None else [])
        if guard is None:
            continue  # already kept for CUDA only
        if guard:
            yield from guard
            yield Finding(
                "HPY511", *where,
                f"operator{symbol} on {vector}: HIP's vector types define it already, and every "
                f"use would be ambiguous{' (HIP 7.2)' if symbol in _BINARY else ''}; this "
                "definition is kept for CUDA only "
                "(#if !defined(__HIP_PLATFORM_AMD__)): HIP's own, element by element, is used on AMD",
                None, "check that this operator works element by element, as HIP's does",
                "runtime", Severity.WARNING)
        else:
            why = (f"it does not give a {vector} (HIP's gives one, element by element)"
                   if not elementwise else "it does not stand on lines of its own")
            yield Finding(
                "HPY511", *where,
                f"operator{symbol} on {vector}: HIP's vector types define it already, so every "
                f"use is ambiguous{' (HIP 7.2)' if symbol in _BINARY else ''}; left as it is: "
                f"{why}",
                None, "rename it to a function, or keep it for CUDA only with "
                "#if !defined(__HIP_PLATFORM_AMD__)", "runtime")


class _Parameter(NamedTuple):
    words: tuple[str, ...]  # the type's words, without the parameter's name
    reference: bool
    const: bool


def _parameter(ctx: Context, span: Span) -> _Parameter:
    toks = ctx.parsed.tokens
    words = [toks.text(k) for k in range(span.first, span.last + 1) if toks.kinds[k] != COMMENT]
    if words and words[-1] not in ("&", "*", "&&") and len(words) > 1 and (
            _VECTOR_TYPE.fullmatch(words[-2]) or words[-2] in ("&", "*", "int")):
        words = words[:-1]  # the parameter's name
    types = tuple(w for w in words if w not in ("const", "&", "volatile"))
    return _Parameter(types, "&" in words, "const" in words)


def _clashing(symbol: str, params: list[_Parameter]) -> str | None:
    """The vector type of a user operator that HIP's own make ambiguous, else None."""
    if not params or len(params[0].words) != 1 or not _VECTOR_TYPE.fullmatch(params[0].words[0]):
        return None
    vector = params[0].words[0]
    first = params[0]
    same = len(params) == 2 and params[1].words == (vector,)
    if symbol in _COMPOUND and same and first.reference and not first.const:
        return vector
    if symbol in _STEP and first.reference and not first.const and (
            len(params) == 1 or (len(params) == 2 and params[1].words == ("int",))):
        return vector
    if symbol in _BINARY and same and not (first.reference and not first.const):
        return vector
    return None


# Overloads HIP's amd_hip_atomic.h declares (ROCm 5.2 and 7.2) that CUDA does not: function ->
# pointee types of its first parameter.
_HIP_ONLY_ATOMICS = {
    b"atomicSub": ("unsigned long long", "unsigned long long int", "float", "double"),
    b"atomicMin": ("float", "double"),
    b"atomicMax": ("float", "double"),
}


def _hip_atomic_overloads(ctx: Context) -> Iterator[RuleOutput]:
    if b"atomic" not in ctx.data:
        return
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i in toks.of_kind(IDENT):
        pointees = _HIP_ONLY_ATOMICS.get(toks.raw(i))
        if pointees is None:
            continue
        open_paren = syntax.next_code(i)
        if open_paren is None or toks.raw(open_paren) != b"(":
            continue
        close = syntax.partner_of(open_paren)
        after = syntax.next_code(close) if close is not None else None
        if close is None or after is None or toks.raw(after) != b"{":
            continue  # a call or a declaration, not a definition
        before = syntax.prev_code(i)
        if before is None or toks.raw(before) in (b"::", b".", b"->", b"=", b"(", b",", b"return"):
            continue
        first: list[str] = []
        for k in range(open_paren + 1, close):
            if toks.raw(k) == b",":
                break
            if toks.kinds[k] != COMMENT:
                first.append(toks.text(k))
        if "*" not in first:
            continue
        pointee = " ".join(w for w in first[: first.index("*")] if w not in ("const", "volatile"))
        if pointee not in pointees or _is_member(ctx, i, namespaces=True):
            continue
        name = toks.text(i)
        guard = _amd_guard(ctx, i, after)
        if guard is None:
            continue  # already kept for CUDA only (our output, or the project's own port)
        if guard:
            yield from guard
            yield Finding(
                "HPY512", toks.start(i), toks.end(i),
                f"HIP already defines {name}({pointee}*, {pointee}): this definition is kept for "
                "CUDA only (#if !defined(__HIP_PLATFORM_AMD__)); HIP's own is used on AMD",
                None, "check that HIP's overload gives what this one did (NaN handling)", "device")
        else:
            yield Finding(
                "HPY512", toks.start(i), toks.end(i),
                f"HIP already defines {name}({pointee}*, {pointee}): this definition redefines it",
                None, f"remove this definition (HIP's {name} does the same), or wrap it in "
                "#if !defined(__HIP_PLATFORM_AMD__)", "device", Severity.ERROR)


_AMD_GUARD = b"#if !defined(__HIP_PLATFORM_AMD__)"
_TRAILING_COMMENT = re.compile(rb"//[^\n]*|/\*(?:(?!\*/).)*\*/", re.S)


def _amd_guard(ctx: Context, name: int, body: int) -> list[Edit] | None:
    """Edits that put a whole definition (its own lines; or a declaration, body being its `;`)
    under #if !defined(__HIP_PLATFORM_AMD__); empty when it does not stand on lines of its own,
    None when it is already there."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    close = body if toks.raw(body) == b";" else syntax.partner_of(body)
    if close is None:
        return []
    first = name
    while True:  # back over the return type and specifiers, to the previous statement's end
        prev = syntax.prev_code(first)
        if prev is None or toks.raw(prev) in (b";", b"}", b"{") or syntax.directive_at(prev) is not None:
            break
        first = prev
    data = ctx.data
    start = data.rfind(b"\n", 0, toks.start(first)) + 1
    end = data.find(b"\n", toks.end(close))
    end = len(data) if end < 0 else end
    rest = data[toks.end(close):end].strip()
    if data[start:toks.start(first)].strip() or (rest and not _TRAILING_COMMENT.fullmatch(rest)):
        return []
    previous_line = data[data.rfind(b"\n", 0, max(start - 1, 0)) + 1:start].strip()
    if previous_line == _AMD_GUARD:
        return None
    newline = ctx.newline
    return [Edit(start, start, _AMD_GUARD + newline, "type_clashes"),
            Edit(end, end, newline + b"#endif", "type_clashes")]


def _is_member(ctx: Context, i: int, *, namespaces: bool = False) -> bool:
    """Operators declared inside a class body belong to the user's own class (and, with
    namespaces, functions inside a namespace to the user's own namespace)."""
    kinds = (b"struct", b"class", b"union", b"namespace") if namespaces else (
        b"struct", b"class", b"union")
    toks = ctx.parsed.tokens
    depth = 0
    for k in range(i - 1, max(-1, i - 4000), -1):
        if toks.kinds[k] != PUNCT:
            continue
        t = toks.raw(k)
        if t == b"}":
            depth += 1
        elif t == b"{":
            if depth == 0:
                # `struct S {` / `class S : base {`: look back a few tokens for the keyword
                for m in range(k - 1, max(-1, k - 12), -1):
                    if toks.raw(m) in kinds:
                        return True
                    if toks.raw(m) in (b";", b"}", b")"):
                        break
                return False
            depth -= 1
    return False


_VECTOR_NAMES = tuple(f"{base}{n}".encode() for base in (
    "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong", "ulonglong",
    "float", "double") for n in (1, 2, 3, 4))
_STATEMENT_EDGES = frozenset({b";", b"{", b"}"})


def _vector_type_definitions(ctx: Context) -> Iterator[RuleOutput]:
    """Found from the vector type names the file spells (its identifier index), each looked at
    in its tokens: `struct uchar4 {`, `struct uchar4 : base {`, `using uchar4 =`, `typedef ... uchar4;`
    and `typedef struct {...} uchar4;`."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    names = syntax.identifier_index
    for i in sorted(i for name in _VECTOR_NAMES for i in names.get(name, ())):
        before, after = syntax.prev_code(i), syntax.next_code(i)
        if before is None or after is None:
            continue
        b, a = toks.raw(before), toks.raw(after)
        if b in (b"struct", b"class", b"union"):
            defined = a in (b"{", b":", b"final")
        elif b == b"using":
            defined = a == b"="
        elif a in (b";", b"["):
            defined = _typedef_statement(ctx, i)
        else:
            defined = False
        if not defined:
            continue
        start, end = toks.start(i), toks.end(i)
        if ctx.is_inactive(start) or _is_member(ctx, i, namespaces=True):
            continue
        if not ctx.uses_cuda:
            return  # no HIP runtime header comes in: the project's own type stays
        text = toks.text(i)
        yield Finding(
            "HPY514", start, end,
            f"{text} is one of HIP's vector types, which hip/hip_runtime.h (included by the "
            f"translation) defines already: this definition redefines it",
            None, f"use HIP's {text} (members x, y, z, w as CUDA's), or rename this type",
            "runtime", Severity.ERROR)


def _typedef_statement(ctx: Context, i: int) -> bool:
    """Is token i declared by a statement that starts with `typedef` (over braced bodies)?"""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    k = syntax.prev_code(i)
    for _ in range(200):
        if k is None:
            return False
        raw = toks.raw(k)
        if raw == b"}":
            opening = syntax.enclosing_bracket(k)  # the `{` open just before it is its own
            if opening is None or syntax.partner_of(opening) != k:
                return False
            k = syntax.prev_code(opening)
            continue
        if raw in _STATEMENT_EDGES:
            return False
        if raw == b"typedef":
            return True
        k = syntax.prev_code(k)
    return False
