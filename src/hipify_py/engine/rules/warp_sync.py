"""Warp `*_sync` intrinsics: HIP before 6.2 lacks them; HIP 6.2 and later demand 64-bit masks.

`__shfl_down_sync(mask, v, d)` and its family arrived in HIP 6.2. For an older target
(`--hip-version 5.2`, as Debian ships) the CUDA name would be kept and fail to compile, so the
call is rewritten to the mask-less intrinsic HIP has always had: `__shfl_down(v, d)`, and
`__activemask()` to `__ballot(1)`. Dropping the mask is exact for a full mask and changes the
result for a partial one, so each drop is reported (HPY160) with the mask's text.

From HIP 6.2 on (and for the newest HIP), the `*_sync` functions `static_assert` a 64-bit mask:
CUDA's `0xffffffff` no longer compiles. A literal full 32-bit mask means "every lane of the
warp" and becomes the 64-bit full mask; any other mask is converted with
`static_cast<unsigned long long>(...)`, keeping its value (lanes 32-63 stay out, which the
warp-size check HPY401 reports where it can tell).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from hipify_py.engine.edits import Edit
from hipify_py.engine.rules.base import Context, Reference, RuleOutput
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Version

FIRST_WITH_SYNC = Version.parse("6.2")
MASKLESS = {
    "__shfl_sync": "__shfl",
    "__shfl_up_sync": "__shfl_up",
    "__shfl_down_sync": "__shfl_down",
    "__shfl_xor_sync": "__shfl_xor",
    "__any_sync": "__any",
    "__all_sync": "__all",
    "__ballot_sync": "__ballot",
}
ACTIVEMASK = "__activemask"
_KEY = "warp_sync_fallbacks"
# CUDA's functions whose first argument is a lane mask (the warp-size checks use it too). HIP has
# no __uni_sync: with no HIP name it is never an api token here, only a name to check.
MASKED = frozenset({
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync",
    "__any_sync", "__all_sync", "__uni_sync", "__match_any_sync", "__match_all_sync",
    "__syncwarp", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync",
})
_FULL_32 = re.compile(rb"^(?:0[xX][fF]{8}[uU]?|~0[uU]?|4294967295[uU]?)$")
# Masks that are 64-bit already: suffixed literals, ~0ull, the active mask, ballots, casts.
_WIDE = re.compile(
    rb"^~?-?(?:0[xX][0-9a-fA-F]+|\d+)(?:[uU](?:ll|LL)|(?:ll|LL)[uU]?)$|^__activemask\(\)$"
    rb"|^__ballot(?:_sync)?\(|^static_cast<(?:unsignedlonglong|uint64_t|std::uint64_t)>\("
    rb"|^\((?:unsignedlonglong|uint64_t|std::uint64_t)\)"
)


def applies(ctx: Context) -> bool:
    version = ctx.settings.hip_version
    return version is not None and version < FIRST_WITH_SYNC and not ctx.settings.amap


Plan = tuple[int, int, bytes, str | None] | None


def fallback_tokens(ctx: Context) -> dict[int, Plan]:
    """Token index -> (start, end, replacement, dropped mask text) for every call rewritten,
    or None for a call that goes away inside a dropped mask. Computed once per file; the
    identifiers rule asks it which names not to report."""
    found = ctx.memo.get(_KEY)
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = {}
    if applies(ctx) and (b"_sync" in ctx.data or ACTIVEMASK.encode() in ctx.data):
        found = _plan(ctx)
    ctx.memo[_KEY] = found
    return found


def _plan(ctx: Context) -> dict[int, Plan]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    planned: dict[int, tuple[int, int, bytes, str | None]] = {}
    removed: list[tuple[int, int]] = []
    starts = [toks.start(k) for k, _ in ctx.api_tokens]  # ascending, like the tokens
    for i, entry in ctx.api_tokens:
        name = entry.cuda
        if name not in MASKLESS and name != ACTIVEMASK:
            continue
        start = toks.start(i)
        if ctx.is_skipped(start):
            continue
        call = syntax.call_at(i)
        if call is None:
            continue
        if name == ACTIVEMASK:
            if call.args:
                continue
            planned[i] = (start, toks.end(call.close_index), b"__ballot(1)", None)
            continue
        if len(call.args) < 2 or call.args[0].empty:
            continue
        mask = call.args[0]
        # Anything else to rewrite inside the mask would overlap this edit: leave such a call.
        lo = bisect.bisect_left(starts, mask.start)
        hi = bisect.bisect_left(starts, mask.end)
        if any(e.hip != e.cuda and e.cuda != ACTIVEMASK for _, e in ctx.api_tokens[lo:hi]):
            continue
        removed.append((start, call.args[1].start))
        text = syntax.text(mask).decode("utf-8", "replace")
        planned[i] = (start, call.args[1].start, f"{MASKLESS[name]}(".encode(), text)
    # An __activemask() inside a dropped mask goes with it.
    return {i: (None if any(a < p[0] < b for a, b in removed) else p)
            for i, p in planned.items()}


def rewrite_warp_sync(ctx: Context) -> Iterator[RuleOutput]:
    if not applies(ctx):
        yield from _widen_masks(ctx)
        return
    toks = ctx.parsed.tokens
    for i, plan in sorted(fallback_tokens(ctx).items()):
        if plan is None:
            continue
        start, end, text, mask = plan
        name = toks.text(i)
        yield Reference("device", name, True)
        yield Edit(start, end, text, "warp_sync")
        if mask is not None:
            target = text[:-1].decode()
            yield Finding(
                "HPY160", start, end,
                f"{name} needs HIP >= 6.2; translated to {target}, dropping the mask "
                f"argument ({mask}): exact for a full mask, different for a partial one",
                name, "raise --hip-version to 6.2 to keep the mask", "device",
            )


def _widen_masks(ctx: Context) -> Iterator[RuleOutput]:
    """64-bit masks for HIP >= 6.2 (see the module's docstring)."""
    if b"_sync" not in ctx.data and b"__syncwarp" not in ctx.data:
        return
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i, entry in ctx.api_tokens:
        if entry.cuda not in MASKED or ctx.is_skipped(toks.start(i)):
            continue
        call = syntax.call_at(i)
        if call is None or not call.args or call.args[0].empty:
            continue
        mask = call.args[0]
        text = syntax.code_text(mask, b"")
        if _WIDE.search(text):
            continue
        if _FULL_32.match(text):
            yield Edit(mask.start, mask.end, b"0xffffffffffffffffull", "warp_sync")
        else:
            yield Edit(mask.start, mask.start, b"static_cast<unsigned long long>(", "warp_sync")
            yield Edit(mask.end, mask.end, b")", "warp_sync")
