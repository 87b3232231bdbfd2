"""Programmatic dependent launch (PDL, CUDA 11.8): taken out, with a note on each line (HPY171).

PDL lets a kernel start before the kernel ahead of it on the stream has finished; the later one
waits with `cudaGridDependencySynchronize()` for what it needs, and the earlier one may say
early that it is done with `cudaTriggerProgrammaticLaunchCompletion()`. It is a scheduling hint:
without it, CUDA runs the kernels of a stream one after the other, with the same results. HIP
has no dependent launch, so the translation is CUDA without the hint:

* Device: both calls go. A statement of its own is commented out; a call inside an expression
  (a macro body, `cond ? f() : g()`) becomes `((void)0)`.
* Host: the attribute entries (`attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;`
  and the `.val.programmaticStreamSerializationAllowed = 1;` that goes with it, likewise
  `...ProgrammaticEvent` and `.val.programmaticEvent.*`) are commented out, and the attribute
  count of the launch configuration they were for becomes 0. Leaving the entry in the count is
  no option: hipLaunchKernelExC launches nothing when an attribute other than a cooperative one
  is passed (ROCm 7.2's CLR returns hipErrorInvalidConfiguration).

The host rewrite is made only where the whole story is in one function body: an attribute
array (or variable) declared there, every `.id =` of which names a PDL attribute, used only in
those assignments and as a configuration's `.attrs` (`cfg.attrs = attrs;`, or `.attrs = attrs`
in a designated initializer), whose `.numAttrs` is assigned there. Anything else (an array that
also holds other attributes, an aggregate initializer, a count set elsewhere, a macro body) is
left and reported as an error on its line: the entry has to come out by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import IDENT, PUNCT
from hipify_py.engine.rules.base import (
    Context,
    Reference,
    RuleOutput,
    function_block,
    identifier_tokens,
)
from hipify_py.reporting.diagnostics import Finding

_KEY = "dependent_launch"
_HINT = re.compile(rb"rogrammatic|ROGRAMMATIC|GridDependencySynchronize")
_ATTRIBUTES = frozenset({
    b"cudaLaunchAttributeProgrammaticStreamSerialization", b"cudaLaunchAttributeProgrammaticEvent",
    b"CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION",
    b"CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT",
})
_ATTRIBUTE_NAMES = re.compile(rb"\b(?:cudaLaunchAttributeProgrammatic(?:StreamSerialization|Event)"
                              rb"|CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_(?:STREAM_SERIALIZATION|EVENT))\b")
_MEMBERS = frozenset({b"programmaticStreamSerializationAllowed", b"programmaticEvent"})
_MEMBER_NAMES = re.compile(rb"\bprogrammatic(?:StreamSerializationAllowed|Event)\b")
_DEVICE_CALLS = {
    b"cudaGridDependencySynchronize": "waited for the kernel before it on the stream, which on "
                                      "HIP has finished before this one starts",
    b"cudaTriggerProgrammaticLaunchCompletion": "let the next kernel on the stream start early; "
                                                "on HIP it starts when this one has finished",
}
_DEVICE_NAMES = re.compile(rb"\b(?:cudaGridDependencySynchronize"
                           rb"|cudaTriggerProgrammaticLaunchCompletion)\b")
_ATTRIBUTE_TYPES = frozenset({b"cudaLaunchAttribute", b"cudaLaunchAttribute_st",
                              b"CUlaunchAttribute", b"CUlaunchAttribute_st"})
_VALUE_UNIONS = frozenset({b"val", b"value"})
_STATEMENT_START = frozenset({b";", b"{", b"}"})


class Plan(NamedTuple):
    handled: frozenset[int]  # token indexes no other rule may rename or report
    outputs: tuple[RuleOutput, ...]


class _Statement(NamedTuple):
    first: int  # token index of the statement's first token
    last: int  # the `;`


def dependent_launch_plan(ctx: Context) -> Plan:
    """What this file's PDL pieces become. Computed once per file; the identifiers rule asks
    which tokens are taken care of here."""
    found = ctx.memo.get(_KEY)
    if found is None:
        found = _plan(ctx) if _HINT.search(ctx.data) else Plan(frozenset(), ())
        ctx.memo[_KEY] = found
    return found


def remove_dependent_launch(ctx: Context) -> Iterator[RuleOutput]:
    yield from dependent_launch_plan(ctx).outputs


def _plan(ctx: Context) -> Plan:
    handled: set[int] = set()
    outputs: list[RuleOutput] = []
    _device_calls(ctx, handled, outputs)
    _host_attributes(ctx, handled, outputs)
    # A PDL value set anywhere the host rewrite did not reach: it does not compile on HIP.
    for i in identifier_tokens(ctx, _MEMBER_NAMES):
        if i in handled or ctx.keeps_names(ctx.parsed.tokens.start(i)) or not _after_dot(ctx, i):
            continue
        handled.add(i)
        outputs += _left(ctx, i, "a launch attribute value of its own")
    return Plan(frozenset(handled), tuple(outputs))


# --- device -----------------------------------------------------------------------------------
def _device_calls(ctx: Context, handled: set[int], outputs: list[RuleOutput]) -> None:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    data = ctx.data
    for i in identifier_tokens(ctx, _DEVICE_NAMES):
        start = toks.start(i)
        if ctx.keeps_names(start):
            continue
        name = toks.raw(i)
        text = name.decode()
        handled.add(i)
        call = syntax.call_at(i)
        if call is None or call.args:
            outputs.append(Reference("device", text, False))
            outputs.append(Finding(
                "HPY103", start, toks.end(i),
                f"{text} not called here: left as it is; HIP has no programmatic dependent "
                "launch (kernels on a stream run one after the other)", text,
                "remove this use: on HIP the call would have nothing to do", "device"))
            continue
        prev = _prev_statement_token(ctx, i)
        after = syntax.next_code(call.close_index)
        own_statement = (syntax.directive_at(i) is None
                         and (prev is None or toks.raw(prev) in _STATEMENT_START)
                         and after is not None and toks.raw(after) == b";")
        if own_statement:
            assert after is not None
            end = toks.end(after)
            edit = _commented(data, start, end, "dependent_launch")
        else:
            end = toks.end(call.close_index)
            edit = Edit(start, end, b"((void)0)", "dependent_launch")
        handled.update(range(i, call.close_index + 1))
        outputs.append(edit)
        outputs.append(Reference("device", text, True))
        outputs.append(Finding(
            "HPY171", start, toks.end(i),
            f"{text} removed: it {_DEVICE_CALLS[name]} (HIP has no programmatic dependent "
            "launch; same results, no overlap of the two kernels)", text, None, "device"))


# --- host -------------------------------------------------------------------------------------
def _host_attributes(ctx: Context, handled: set[int], outputs: list[RuleOutput]) -> None:
    toks = ctx.parsed.tokens
    groups: dict[tuple[int, bytes], list[int]] = {}
    for i in identifier_tokens(ctx, _ATTRIBUTE_NAMES):
        if ctx.keeps_names(toks.start(i)):
            continue
        handled.add(i)
        statement = _id_statement(ctx, i)
        block = function_block(ctx, i)
        if statement is None or block is None or ctx.syntax.directive_at(i) is not None:
            outputs += _left(ctx, i, "not an `attrs[k].id = ...;` statement in a function")
            continue
        groups.setdefault((block[0], toks.raw(statement.first)), []).append(i)
    for (open_brace, array), ids in groups.items():
        close = ctx.syntax.partner_of(open_brace)
        assert close is not None
        plan = _array_plan(ctx, array, open_brace, close)
        if isinstance(plan, str):
            members = _member_tokens(ctx, open_brace, close)
            handled.update(members)
            for k in (*ids, *members):
                outputs += _left(ctx, k, plan)
            continue
        statements, counts = plan
        for statement in statements:
            start, end = toks.start(statement.first), toks.end(statement.last)
            handled.update(range(statement.first, statement.last + 1))
            outputs.append(_commented(ctx.data, start, end, "dependent_launch"))
            name = _pdl_name(ctx, statement)
            outputs.append(Reference("runtime", name, True))
            outputs.append(Finding(
                "HPY171", start, end,
                f"{name} taken out of the launch: HIP has no programmatic dependent launch, "
                "and kernels on one stream run in order without it (same results, no overlap)",
                name, None, "runtime"))
        for first, last in counts:
            handled.update(range(first, last + 1))
            outputs.append(Edit(toks.start(first), toks.end(last), b"0", "dependent_launch"))
            outputs.append(Finding(
                "HPY171", toks.start(first), toks.end(last),
                "launch attribute count set to 0: its only attributes were programmatic "
                "dependent launch, which HIP lacks (hipLaunchKernelEx fails for any attribute "
                "but a cooperative one)", None, None, "runtime"))


def _array_plan(ctx: Context, array: bytes, open_brace: int,
                close: int) -> tuple[list[_Statement], list[tuple[int, int]]] | str:
    """The statements to comment out and the counts (token spans) to make 0 for one attribute
    array of one function, or why it cannot be done."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    statements: list[_Statement] = []
    configs: list[bytes] = []  # configuration variables whose .attrs is the array
    lists: list[tuple[int, int]] = []  # brace initializers with `.attrs = array`
    declared = False
    for k in range(open_brace + 1, close):
        if toks.kinds[k] != IDENT or toks.raw(k) != array:
            continue
        prev = syntax.prev_code(k)
        if prev is not None and toks.raw(prev) in _ATTRIBUTE_TYPES:
            declared = True
            continue
        if _after_dot(ctx, k) or _in_sizeof(ctx, k):
            continue  # a member of the same name (`cfg.attrs`), or a count of the entries
        member = _member_statement(ctx, k)
        if member is not None:
            kind, statement = member
            if kind == "other":
                return f"{array.decode()} also holds other attributes"
            statements.append(statement)
            continue
        target = _attrs_target(ctx, k)
        if target is None:
            return f"{array.decode()} is used here in a way this rewrite does not follow"
        if isinstance(target, bytes):
            configs.append(target)
        else:
            lists.append(target)
    if not declared:
        return f"{array.decode()} is not declared in this function"
    counts: list[tuple[int, int]] = []
    for config in configs:
        found = _count_statements(ctx, config, open_brace, close)
        if not found:
            return f"the attribute count of {config.decode()} is not assigned in this function"
        counts += found
    for first, last in lists:
        found = _count_designators(ctx, first, last)
        if not found:
            return "the attribute count is not a designated `.numAttrs =` of the same initializer"
        counts += found
    return statements, counts


def _member_statement(ctx: Context, k: int) -> tuple[str, _Statement] | None:
    """`array[i].id = X;` or `array[i].val.member... = v;` starting at token k (the array):
    ("pdl", statement) when it sets a PDL attribute or value, ("other", ...) for another
    attribute; None when token k starts no such statement."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    prev = _prev_statement_token(ctx, k)
    if prev is not None and toks.raw(prev) not in _STATEMENT_START:
        return None
    j = _past_subscript(ctx, k)
    if j is None or toks.raw(j) != b".":
        return None
    field = syntax.next_code(j)
    if field is None:
        return None
    end = _statement_end(ctx, field)
    if end is None:
        return None
    statement = _Statement(k, end)
    if toks.raw(field) == b"id":
        eq = syntax.next_code(field)
        value = syntax.next_code(eq) if eq is not None else None
        if eq is None or toks.raw(eq) != b"=" or value is None:
            return None
        pdl = syntax.next_code(value) == end and toks.raw(value) in _ATTRIBUTES
        return ("pdl" if pdl else "other"), statement
    if toks.raw(field) in _VALUE_UNIONS:
        dot = syntax.next_code(field)
        member = syntax.next_code(dot) if dot is not None else None
        if dot is None or member is None or toks.raw(dot) != b".":
            return None
        return ("pdl" if toks.raw(member) in _MEMBERS else "other"), statement
    return None


def _attrs_target(ctx: Context, k: int) -> bytes | tuple[int, int] | None:
    """For the array at token k used as `cfg.attrs = array;` (also `&array`, `&array[0]`): the
    configuration's name; as `.attrs = array` in a designated initializer: that initializer's
    brace tokens. None for any other use."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    prev = syntax.prev_code(k)
    if prev is not None and toks.raw(prev) == b"&":
        prev = syntax.prev_code(prev)
    after = _past_subscript(ctx, k, only_zero=True)
    if prev is None or toks.raw(prev) != b"=" or after is None:
        return None
    attrs = syntax.prev_code(prev)
    dot = syntax.prev_code(attrs) if attrs is not None else None
    if attrs is None or dot is None or toks.raw(attrs) != b"attrs" or toks.raw(dot) not in (
            b".", b"->"):
        return None
    if toks.raw(after) in (b",", b"}"):
        return _enclosing_braces(ctx, dot)
    if toks.raw(after) != b";":
        return None
    config = syntax.prev_code(dot)
    if config is None or toks.kinds[config] != IDENT:
        return None
    before = _prev_statement_token(ctx, config)
    if before is not None and toks.raw(before) not in _STATEMENT_START:
        return None
    return toks.raw(config)


def _count_statements(ctx: Context, config: bytes, open_brace: int,
                      close: int) -> list[tuple[int, int]] | None:
    """The value spans of every `config.numAttrs = value;` in the block; None if the count is
    touched any other way there (an increment, a read)."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    out: list[tuple[int, int]] = []
    for k in range(open_brace + 1, close):
        if toks.kinds[k] != IDENT or toks.raw(k) != b"numAttrs":
            continue
        dot = syntax.prev_code(k)
        owner = syntax.prev_code(dot) if dot is not None else None
        if dot is None or owner is None or toks.raw(dot) not in (b".", b"->") \
                or toks.raw(owner) != config:
            continue
        eq = syntax.next_code(k)
        end = _statement_end(ctx, k)
        before = _prev_statement_token(ctx, owner)
        value = syntax.next_code(eq) if eq is not None else None
        if (eq is None or toks.raw(eq) != b"=" or end is None or value is None or value == end
                or (before is not None and toks.raw(before) not in _STATEMENT_START)):
            return None
        out.append((value, syntax.prev_code(end) or value))
    return out or None


def _count_designators(ctx: Context, first: int, last: int) -> list[tuple[int, int]] | None:
    """The value spans of `.numAttrs = value` directly inside the braces first..last."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    out = []
    k = first + 1
    while k < last:
        raw = toks.raw(k)
        if raw in (b"(", b"[", b"{"):
            k = (syntax.partner_of(k) or k) + 1
            continue
        if raw == b"numAttrs" and toks.raw(syntax.prev_code(k) or k) == b".":
            eq = syntax.next_code(k)
            if eq is None or toks.raw(eq) != b"=":
                return None
            value = syntax.next_code(eq)
            end = value
            while end is not None and end < last and toks.raw(end) != b",":
                if toks.raw(end) in (b"(", b"[", b"{"):
                    end = syntax.partner_of(end)
                    if end is None:
                        return None
                end += 1
            if value is None or end is None or end == value:
                return None
            out.append((value, syntax.prev_code(end) or value))
            k = end
            continue
        k += 1
    return out or None


# --- token helpers ----------------------------------------------------------------------------
def _id_statement(ctx: Context, i: int) -> _Statement | None:
    """The statement `array[...].id = NAME;` (or `array.id = NAME;`) whose NAME is token i."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    eq = syntax.prev_code(i)
    field = syntax.prev_code(eq) if eq is not None else None
    dot = syntax.prev_code(field) if field is not None else None
    end = syntax.next_code(i)
    if (eq is None or field is None or dot is None or end is None or toks.raw(eq) != b"="
            or toks.raw(field) != b"id" or toks.raw(dot) != b"." or toks.raw(end) != b";"):
        return None
    j = syntax.prev_code(dot)
    if j is not None and toks.raw(j) == b"]":
        j = syntax.opener_of(j)
        j = syntax.prev_code(j) if j is not None else None
    if j is None or toks.kinds[j] != IDENT:
        return None
    before = _prev_statement_token(ctx, j)
    if before is not None and toks.raw(before) not in _STATEMENT_START:
        return None
    return _Statement(j, end)


def _past_subscript(ctx: Context, k: int, only_zero: bool = False) -> int | None:
    """The code token after `array` or `array[...]` (`array[0]` only, with only_zero)."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    j = syntax.next_code(k)
    if j is not None and toks.raw(j) == b"[":
        close = syntax.partner_of(j)
        if close is None:
            return None
        inside = syntax.split_args(j, close)
        if only_zero and (len(inside) != 1 or syntax.code_text(inside[0], b"") != b"0"):
            return None
        j = syntax.next_code(close)
    return j


def _statement_end(ctx: Context, k: int) -> int | None:
    """The `;` ending the statement token k is in (brackets skipped); None past a brace."""
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    j: int | None = k
    while j is not None:
        raw = toks.raw(j)
        if toks.kinds[j] == PUNCT:
            if raw == b";":
                return j
            if raw in (b"(", b"["):
                j = syntax.partner_of(j)
                if j is None:
                    return None
            elif raw in (b"{", b"}"):
                return None
        j = syntax.next_code(j)
    return None


def _prev_statement_token(ctx: Context, k: int) -> int | None:
    """The code token before k, past the preprocessor lines between them (`#if ... ` before a
    statement leaves it a statement of its own)."""
    syntax = ctx.syntax
    prev = syntax.prev_code(k)
    if syntax.directive_at(k) is not None:
        return prev
    while prev is not None:
        d = syntax.directive_at(prev)
        if d is None:
            break
        prev = syntax.prev_code(d.first)
    return prev


def _in_sizeof(ctx: Context, k: int) -> bool:
    """`sizeof(array)`, `sizeof(array[0])`, `sizeof array`."""
    syntax = ctx.syntax
    toks = ctx.parsed.tokens
    prev = syntax.prev_code(k)
    if prev is not None and toks.raw(prev) == b"(":
        prev = syntax.prev_code(prev)
    return prev is not None and toks.raw(prev) == b"sizeof"


def _after_dot(ctx: Context, k: int) -> bool:
    prev = ctx.syntax.prev_code(k)
    return prev is not None and ctx.parsed.tokens.raw(prev) in (b".", b"->")


def _enclosing_braces(ctx: Context, k: int) -> tuple[int, int] | None:
    """The innermost `{ ... }` around token k."""
    toks = ctx.parsed.tokens
    j = k
    while j > 0:
        j -= 1
        raw = toks.raw(j)
        if raw == b"}":
            opener = ctx.syntax.opener_of(j)
            if opener is None:
                return None
            j = opener
        elif raw == b"{":
            close = ctx.syntax.partner_of(j)
            return (j, close) if close is not None and close > k else None
    return None


def _member_tokens(ctx: Context, open_brace: int, close: int) -> list[int]:
    """PDL value members in the block (`attrs[0].val.<member>`)."""
    toks = ctx.parsed.tokens
    return [k for k in range(open_brace + 1, close)
            if toks.kinds[k] == IDENT and toks.raw(k) in _MEMBERS and _after_dot(ctx, k)]


def _pdl_name(ctx: Context, statement: _Statement) -> str:
    toks = ctx.parsed.tokens
    for k in range(statement.first, statement.last):
        if toks.raw(k) in _ATTRIBUTES or (toks.raw(k) in _MEMBERS and _after_dot(ctx, k)):
            return toks.text(k)
    return toks.text(statement.first)


def _commented(data: bytes, start: int, end: int, rule: str) -> Edit:
    text = data[start:end]
    if b"*/" in text or b"/*" in text:
        return Edit(start, end, b"", rule)
    return Edit(start, end, b"/* " + text + b" */", rule)


def _left(ctx: Context, i: int, why: str) -> list[RuleOutput]:
    toks = ctx.parsed.tokens
    name = toks.text(i)
    return [
        Reference("runtime", name, False),
        Finding("HPY101", toks.start(i), toks.end(i),
                f"{name}: programmatic dependent launch left as it is ({why}); HIP has none, "
                "and hipLaunchKernelEx fails for such an attribute", name,
                "take this entry out of the launch's attributes and count: kernels on one stream "
                "stay ordered without it", "runtime"),
    ]
