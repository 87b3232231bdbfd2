"""`case` labels of CUDA values the target HIP does not have: commented out (HPY513).

cuda-samples' helper_cuda.h, copied into countless projects, names every CUDA error code in a
`switch` (`case cudaErrorInvalidHostPointer: return "cudaErrorInvalidHostPointer";`). About
twenty of them have no HIP counterpart, so the translated switch does not compile. HIP never
produces a value it does not define, so such a label can never be taken: removing it changes no
behaviour, and the statements after it stay reachable from any other label they had. The label is
kept visible as a comment (`/* case cudaErrorX: */`) with a note on its line.

A label whose constant is reported for another reason than "HIP lacks it" (a macro, a name HIP
has under a different meaning) is left to the identifiers rule.
"""

from __future__ import annotations

from collections.abc import Iterator

from hipify_py.engine.edits import Edit
from hipify_py.engine.rules.base import Context, Reference, RuleOutput
from hipify_py.engine.rules.feature_macros import FAMILY as FEATURE_MACROS
from hipify_py.reporting.diagnostics import Finding
from hipify_py.tables.targets import resolve

_KEY = "dead_case_labels"

# Token index of the CUDA name -> (start of `case`, end of `:`)
Labels = dict[int, tuple[int, int]]


def dead_case_labels(ctx: Context) -> Labels:
    """Every `case NAME:` whose NAME the target HIP does not have. Computed once per file; the
    identifiers rule asks it which names it need not report."""
    found = ctx.memo.get(_KEY)
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = {}
    if b"case" in ctx.data:
        found = _find(ctx)
    ctx.memo[_KEY] = found
    return found


def _find(ctx: Context) -> Labels:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    labels: Labels = {}
    for i, entry in ctx.api_tokens:
        if entry.family == FEATURE_MACROS or ctx.is_skipped(toks.start(i)):
            continue
        before = syntax.prev_code(i)
        after = syntax.next_code(i)
        if before is None or after is None:
            continue
        if toks.raw(before) != b"case" or toks.raw(after) != b":":
            continue
        if syntax.directive_at(i) is not None:
            continue  # inside a macro body: the label's context is not visible here
        if resolve(entry, ctx.settings, ctx.table).converted:
            continue
        labels[i] = (toks.start(before), toks.end(after))
    return labels


def comment_out_dead_case_labels(ctx: Context) -> Iterator[RuleOutput]:
    data = ctx.data
    for i, (start, end) in sorted(dead_case_labels(ctx).items()):
        name = ctx.parsed.tokens.text(i)
        entry = ctx.table.entries[name]
        yield Reference(entry.family, name, True)
        yield Edit(start, end, b"/* " + data[start:end] + b" */", "case_labels")
        yield Finding(
            "HPY513", start, end,
            f"case {name}: commented out: the target HIP has no such value, so this label "
            "can never be taken",
            name, None, entry.family,
        )
