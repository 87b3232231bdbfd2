"""Fields of CUDA structs that HIP's struct lacks, or has only since a later HIP.

cudaDeviceProp becomes hipDeviceProp_t; before HIP 6.0 that struct had about half of CUDA's
fields (no deviceOverlap, sharedMemPerMultiprocessor, ...), and some CUDA fields it never has
(mpsEnabled, ...). A field read through a variable declared with the CUDA struct type
(`cudaDeviceProp prop; ... prop.deviceOverlap`) is reported on its line: HPY150 when the
target HIP is older than the field (or it is renamed to the older HIP's name for it), HPY101
when HIP has no such field. Fields of other variables are the user's own and never count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import IDENT
from hipify_py.engine.rules.base import Context, RuleOutput
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Version
from hipify_py.tables.mapping_model import MemberEntry
from hipify_py.tables.targets import resolve

_ACCESS = frozenset({b".", b"->"})


def check_struct_members(ctx: Context) -> Iterator[RuleOutput]:
    for struct, fields in ctx.table.members.items():
        if struct.encode() not in ctx.data:
            continue
        yield from _fields_of(ctx, struct, fields)


def _fields_of(ctx: Context, struct: str, fields: Mapping[str, MemberEntry]) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    variables = _variables_of_type(ctx, struct.encode())
    if not variables:
        return
    target = ctx.settings.hip_version
    entry = ctx.table.get(struct)
    hip_struct = (resolve(entry, ctx.settings, ctx.table).name if entry else None) or struct
    for i in toks.of_kind(IDENT):
        field = fields.get(toks.text(i))
        if field is None or ctx.is_skipped(toks.start(i)):
            continue
        access = syntax.prev_code(i)
        if access is None or toks.raw(access) not in _ACCESS:
            continue
        owner = syntax.prev_code(access)
        if owner is not None and toks.raw(owner) == b"]":  # props[k].field
            opener = syntax.opener_of(owner, limit=200)
            owner = syntax.prev_code(opener) if opener is not None else None
        if owner is None or toks.raw(owner) not in variables:
            continue
        name = toks.text(i)
        if field.semantic and _decides(ctx, owner, i):
            yield Finding("HPY170", toks.start(i), toks.end(i),
                          f"{struct}.{name}: {field.semantic}", name, None, "runtime")
        if field.unsupported:
            yield Finding("HPY101", toks.start(i), toks.end(i),
                          f"{struct}.{name} has no counterpart in {hip_struct}", name,
                          "query the value another way (hipDeviceGetAttribute) or drop it",
                          "runtime")
        elif field.hip_added and target is not None and Version.parse(field.hip_added) > target:
            if field.hip_older:  # the same field under the older HIP's name
                yield Edit(toks.start(i), toks.end(i), field.hip_older.encode(), "struct_members")
                continue
            yield Finding("HPY150", toks.start(i), toks.end(i),
                          f"{hip_struct} has {name} only since HIP {field.hip_added} "
                          f"(target is {target})", name,
                          f"raise --hip-version to {field.hip_added} or later", "runtime")


def _variables_of_type(ctx: Context, struct: bytes) -> frozenset[bytes]:
    """Names declared with the struct type: `cudaDeviceProp p`, `struct cudaDeviceProp *p`,
    `const cudaDeviceProp& p`, `cudaDeviceProp props[4]`, and parameters alike."""
    pattern = re.compile(rb"\b" + re.escape(struct) + rb"\b[\s*&]*(?:const\s+)?[\s*&]*(\w+)")
    return frozenset(m.group(1) for m in pattern.finditer(ctx.data)
                     if m.group(1) not in (b"const", b"operator"))


_DECIDING = frozenset({b"<", b">", b"<=", b">=", b"==", b"!=", b"?", b"&&", b"||", b"!", b"*",
                       b"+", b"-", b"/"})
_CONDITIONS = frozenset({b"if", b"while", b"switch"})


def _decides(ctx: Context, owner: int, field: int) -> bool:
    """The field's value takes part in a test or a computation (`prop.major >= 7`,
    `if (prop.unifiedAddressing)`, `major * 10 + minor`), not merely printed or copied: only then
    does a value with another meaning change what the program does."""
    syntax, toks = ctx.syntax, ctx.parsed.tokens
    after = syntax.next_code(field)
    before = syntax.prev_code(owner)
    if after is not None and toks.raw(after) in _DECIDING:
        return True
    if before is None:
        return False
    if toks.raw(before) in _DECIDING:
        return True
    if toks.raw(before) == b"(" and after is not None and toks.raw(after) == b")":
        keyword = syntax.prev_code(before)
        return keyword is not None and toks.raw(keyword) in _CONDITIONS
    return False
