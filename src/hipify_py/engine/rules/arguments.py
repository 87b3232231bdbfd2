"""Argument edits from the tables (argument_rules): wrap, cast, add, remove, replace, move, copy.

A rule applies only in its mode: `default` rules when the function's family is translated to HIP,
`roc` rules when it is translated to a ROC library (--roc), `miopen` rules when cuDNN is
translated to MIOpen. Wraps, casts and added constants are insertions; removals, replacements,
moves and copies rebuild the argument list as one composite edit, so renames inside the
arguments still apply (see edits.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_py.engine.edits import Edit, Piece
from hipify_py.engine.ranges import NO_RANGES
from hipify_py.engine.rules.base import Context, RuleOutput, misfit_null_argument
from hipify_py.engine.rules.call_forms import choose_form
from hipify_py.engine.rules.declarations import declared_type
from hipify_py.engine.rules.identifiers import is_member_or_user_name, user_scopes
from hipify_py.engine.syntax import Call, Span
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Version
from hipify_py.tables.mapping_model import ApiEntry, ArgAction, ArgMode, ArgRule
from hipify_py.tables.targets import resolve, target_column

# Rules that edit in place (the rest rebuild the argument list).
_INSERTIONS = (ArgAction.WRAP, ArgAction.CAST, ArgAction.ADD_CONST, ArgAction.DEFAULT,
               ArgAction.FROM_CALL, ArgAction.MAP_VALUES)


def active_rules(entry: ApiEntry, ctx: Context) -> tuple[ArgRule, ...]:
    """The rules of entry that apply under the context's settings."""
    if not entry.args:
        return ()
    column = target_column(entry, ctx.settings, ctx.table)
    if entry.family == "cudnn":
        mode = ArgMode.MIOPEN if column == "roc" else ArgMode.DEFAULT
    else:
        mode = ArgMode.ROC if column == "roc" else ArgMode.DEFAULT
    return tuple(rule for rule in entry.args
                 if rule.mode == mode and _for_target(rule, ctx.settings.hip_version))


def _for_target(rule: ArgRule, target: Version | None) -> bool:
    """A rule for HIPs older than a change applies only to a target known to be that old."""
    if not rule.hip_before:
        return True
    return target is not None and target < Version.parse(rule.hip_before)


def rewrite_arguments(ctx: Context) -> Iterator[RuleOutput]:
    entries = ctx.table.entries
    toks = ctx.parsed.tokens
    scopes = user_scopes(ctx)
    for i, entry in ctx.api_tokens:
        if not entry.args or ctx.is_skipped(toks.start(i)):
            continue
        rules = active_rules(entry, ctx)
        if not rules or is_member_or_user_name(ctx, i, scopes.get(entry.cuda, NO_RANGES), entries):
            continue
        call = ctx.syntax.call_at(i)
        if call is None:
            continue
        arity = len(call.args) if entry.overloads or entry.typed_overloads else None
        form = choose_form(ctx, entry, call) if entry.typed_overloads else None
        if (resolve(entry, ctx.settings, ctx.table, arity).name is None
                or misfit_null_argument(ctx, entry, call) is not None
                or (form is not None and form.hip is None)):
            continue  # left untranslated (and reported): its CUDA arguments stay as they are
        yield from _edit_call(ctx, entry, call, rules)


def _edit_call(
    ctx: Context, entry: ApiEntry, call: Call, rules: tuple[ArgRule, ...]
) -> Iterator[RuleOutput]:
    args = call.args
    # A null argument is dropped only from a call of the count the rule names (CUDA 13's form)
    rules = tuple(r for r in rules
                  if r.action is not ArgAction.DROP_NULL or r.value == f"arity={len(args)}")
    structural = [r for r in rules if r.action not in _INSERTIONS]
    if structural and all(r.action is ArgAction.DROP_NULL for r in structural):
        # Deleted with its comma: the other arguments keep their spelling and line breaks.
        for rule in structural:
            at = rule.index
            if at + 1 < len(args):
                yield Edit(args[at].start, args[at + 1].start, b"", "arguments")
            elif at > 0:
                yield Edit(args[at - 1].end, args[at].end, b"", "arguments")
        structural = []
        rules = tuple(r for r in rules if r.action is not ArgAction.DROP_NULL)
    if not structural:
        wrapped: dict[int, list[ArgRule]] = {}
        for rule in rules:
            if rule.action in (ArgAction.WRAP, ArgAction.CAST):
                wrapped.setdefault(rule.index, []).append(rule)
            else:
                yield from _insertion(ctx, entry, call, rule)
        for index, wrappers in wrapped.items():
            wrappers = [w for w in wrappers if not _already_cast(ctx, call, index, w)]
            if wrappers:
                yield from _wrap(call, index, wrappers)
        return
    # Rebuild the argument list: a list of pieces per final position.
    slots: list[tuple[int | None, list[Piece]]] = [
        (k, [(a.start, a.end)]) for k, a in enumerate(args)
    ]
    for rule in rules:
        if rule.action in (ArgAction.WRAP, ArgAction.CAST):
            for k, slot in slots:
                if k == rule.index:
                    slot[:] = [f"{rule.value}(".encode(), *slot, b")"]
        elif rule.action is ArgAction.ADD_CONST:
            pos = _position(slots, rule.index)
            slots.insert(pos, (None, [_value(ctx, rule)]))
        elif rule.action is ArgAction.REMOVE:
            removed = [s for s in slots if s[0] == rule.index]
            slots = [s for s in slots if s[0] != rule.index]
            for k, _ in removed:
                if k is None:
                    continue
                text = ctx.syntax.text(args[k]).decode("utf-8", "surrogateescape")
                yield Finding(
                    "HPY160", args[k].start, args[k].end,
                    f"argument {k + 1} of {entry.cuda} ({text}) is dropped: the HIP function has "
                    "no such parameter", entry.cuda, None, entry.family,
                )
        elif rule.action is ArgAction.DROP_NULL:  # null (misfits are left untranslated)
            slots = [s for s in slots if s[0] != rule.index]
        elif rule.action is ArgAction.MAP_VALUES:
            value = _mapped_value(ctx, rule, args[rule.index]) if rule.index < len(args) else None
            if value is not None:
                slots = [(k, [value]) if k == rule.index else (k, p) for k, p in slots]
        elif rule.action is ArgAction.REPLACE:
            slots = [(k, [_value(ctx, rule)]) if k == rule.index else (k, p) for k, p in slots]
        elif rule.action is ArgAction.MOVE:
            to_index, count = _target(rule.value)
            moving = [s for s in slots if s[0] is not None and rule.index <= s[0] < rule.index + count]
            rest = [s for s in slots if s not in moving]
            pos = _position(rest, to_index)
            slots = rest[:pos] + moving + rest[pos:]
        elif rule.action is ArgAction.COPY:
            to_index, _ = _target(rule.value)
            copies = [list(p) for k, p in slots if k == rule.index]
            if copies:
                pos = _position(slots, to_index)
                slots.insert(pos, (None, copies[0]))
    pieces: list[Piece] = []
    for n, (_, slot_pieces) in enumerate(slots):
        if n:
            pieces.append(b", ")
        pieces.extend(slot_pieces)
    if args:
        start, end = args[0].start, args[-1].end
    else:
        start = end = ctx.parsed.tokens[call.open_index].end
    yield Edit(start, end, b"", "arguments", tuple(pieces))


_CAST = re.compile(r"(?:reinterpret|static)_cast<(.+)>")


def _already_cast(ctx: Context, call: Call, index: int, rule: ArgRule) -> bool:
    """`(void **)&p` needs no reinterpret_cast<void **> around it, and neither does `&p` where
    p is declared `void *p` (the argument already has the parameter's type)."""
    m = _CAST.fullmatch(rule.value) if rule.action is ArgAction.CAST else None
    if m is None or index >= len(call.args):
        return False
    wanted = m.group(1).replace(" ", "")
    arg = call.args[index]
    text = ctx.syntax.code_text(arg).decode("utf-8", "surrogateescape")
    text = text.replace(" ", "")
    if text.startswith((f"({wanted})", f"reinterpret_cast<{wanted}>", f"static_cast<{wanted}>")):
        return True
    toks = ctx.parsed.tokens
    return (wanted == "void**" and arg.last == arg.first + 1 and toks.raw(arg.first) == b"&"
            and declared_type(ctx, arg.last, toks.start(call.name_index)) == (b"void", b"*"))


def _wrap(call: Call, index: int, wrappers: list[ArgRule]) -> Iterator[Edit]:
    """All wrappers of one argument as one pair of edits: the first rule wraps innermost.
    (Separate identical `)` insertions would be merged by the planner as duplicates.)"""
    if index >= len(call.args):
        return
    arg = call.args[index]
    prefix = "".join(f"{rule.value}(" for rule in reversed(wrappers))
    yield Edit(arg.start, arg.start, prefix.encode(), "arguments")
    yield Edit(arg.end, arg.end, b")" * len(wrappers), "arguments")


def _mapped_value(ctx: Context, rule: ArgRule, arg: Span) -> bytes | None:
    """The target's name for the CUDA name rule.value maps this argument's value to."""
    pairs = dict(pair.split("=", 1) for pair in rule.value.split(";") if "=" in pair)
    cuda = pairs.get(ctx.syntax.code_text(arg).decode("utf-8", "surrogateescape").strip())
    entry = ctx.table.entries.get(cuda) if cuda else None
    name = resolve(entry, ctx.settings, ctx.table).name if entry is not None else None
    return name.encode() if name else None


def _value(ctx: Context, rule: ArgRule) -> bytes:
    """The text a rule inserts."""
    return _literal(ctx, rule.value)


def _literal(ctx: Context, text: str) -> bytes:
    """C has NULL where the tables say nullptr."""
    return b"NULL" if ctx.is_c and text == "nullptr" else text.encode()


def _insertion(ctx: Context, entry: ApiEntry, call: Call, rule: ArgRule) -> Iterator[RuleOutput]:
    args = call.args
    if rule.action is ArgAction.FROM_CALL:
        yield from _argument_of_earlier_call(ctx, entry, call, rule)
        return
    if rule.action is ArgAction.MAP_VALUES:
        value = _mapped_value(ctx, rule, args[rule.index]) if rule.index < len(args) else None
        if value is not None:  # a composite: the rename of the CUDA value inside is dropped
            yield Edit(args[rule.index].start, args[rule.index].end, b"", "arguments", (value,))
        return
    if rule.action is ArgAction.DEFAULT:
        # CUDA's C++ declaration has a default here and HIP's has none: spell it out.
        if len(args) == rule.index and args:
            yield Edit(args[-1].end, args[-1].end, f", {rule.value}".encode(), "arguments")
        return
    if rule.action is ArgAction.ADD_CONST:
        value = _value(ctx, rule)
        if rule.index < len(args):
            pos = args[rule.index].start
            yield Edit(pos, pos, value + b", ", "arguments")
        elif args:
            yield Edit(args[-1].end, args[-1].end, b", " + value, "arguments")
        else:
            pos = ctx.parsed.tokens[call.open_index].end
            yield Edit(pos, pos, value, "arguments")


def _argument_of_earlier_call(ctx: Context, entry: ApiEntry, call: Call,
                              rule: ArgRule) -> Iterator[RuleOutput]:
    """Append what the HIP signature needs and CUDA's call no longer passes, taken from the
    earlier call that set up the same object (e.g. the buffer cusparseSpSV_analysis was given
    for the descriptor this cusparseSpSV_solve uses)."""
    callee, match, take, *fallback = rule.value.split(":")
    args = call.args
    if len(args) != rule.index + 1:
        return  # not CUDA's shape (the call already passes the argument, or is incomplete)
    key = ctx.syntax.code_text(args[rule.index])
    where = args[-1].end
    found = None
    for i, other in ctx.api_tokens:
        if other.cuda != callee or ctx.parsed.tokens.start(i) >= where:
            continue
        earlier = ctx.syntax.call_at(i)
        if (earlier is not None and len(earlier.args) > max(int(match), int(take))
                and ctx.syntax.code_text(earlier.args[int(match)]) == key):
            found = earlier.args[int(take)]  # the nearest one before this call wins
    resolved = resolve(entry, ctx.settings, ctx.table).name or entry.cuda
    at = ctx.parsed.tokens.start(call.name_index)
    if found is not None:
        text = ctx.syntax.text(found)
        yield Edit(where, where, b", " + text, "arguments")
        yield Finding("HPY154", at, where,
                      f"{resolved} takes the buffer {callee} was given on this object: "
                      f"{text.decode('utf-8', 'surrogateescape')} added", entry.cuda, None,
                      entry.family)
    elif fallback:
        value = _literal(ctx, fallback[0])
        yield Edit(where, where, b", " + value, "arguments")
        yield Finding("HPY161", at, where,
                      f"{resolved} takes the buffer given to {callee} on this object, and no "
                      f"such call was found before this one: {value.decode()} passed",
                      entry.cuda, f"pass the buffer {callee} was given", entry.family)
    else:
        yield Finding("HPY153", at, where,
                      f"{resolved} of the target HIP takes the buffer given to {callee} on this "
                      "object, and no such call was found before this one", entry.cuda,
                      f"pass the buffer {callee} was given", entry.family)


def _position(slots: list[tuple[int | None, list[Piece]]], index: int) -> int:
    """Position before the slot holding original argument `index` (append if none)."""
    for pos, (k, _) in enumerate(slots):
        if k == index:
            return pos
    return len(slots)


def _target(value: str) -> tuple[int, int]:
    """Parse "to_index=N[;count=K]"."""
    fields = dict(part.split("=", 1) for part in value.split(";") if "=" in part)
    return int(fields.get("to_index", "0")), int(fields.get("count", "1"))
