"""Warp `*_sync` intrinsics: HIP before 6.2 lacks them; HIP 6.2 and later demand 64-bit masks.

`__shfl_down_sync(mask, v, d)` and its family arrived in HIP 6.2. For an older target
(`--hip-version 5.2`, as Debian ships) the calls are kept as written and hipify_supplied.h
supplies them on AMD (mappings/supplied_runtime.yaml): HIP's mask-less intrinsics, with the
mask kept for votes and ballots. On NVIDIA the calls stay CUDA's own, mask and all. (Dropping
the mask in the source, as this rule once did, made `__shfl_up(...)` a full-warp shuffle under
HIP's NVIDIA layer, and a scan over part of a warp hung.)

From HIP 6.2 on (and for the newest HIP), the `*_sync` functions `static_assert` a 64-bit mask:
CUDA's `0xffffffff` no longer compiles. A literal full 32-bit mask means "every lane of the
warp" and becomes the 64-bit full mask; any other mask is converted with
`static_cast<unsigned long long>(...)`, keeping its value (lanes 32-63 stay out, which the
warp-size check HPY401 reports where it can tell).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_py.engine.edits import Edit
from hipify_py.engine.rules.base import Context, RuleOutput
from hipify_py.settings import Version

FIRST_WITH_SYNC = Version.parse("6.2")
# Supplied for HIP < 6.2 (supplied_runtime.yaml): a full 32-bit mask means the whole wavefront.
SUPPLIED_BEFORE_62 = frozenset({
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__any_sync",
    "__all_sync", "__ballot_sync", "__syncwarp",
})
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


def supplied_before_62(ctx: Context) -> bool:
    """Is the target a HIP before 6.2, whose *_sync intrinsics hipify_supplied.h supplies?"""
    version = ctx.settings.hip_version
    return version is not None and version < FIRST_WITH_SYNC and not ctx.settings.amap


def rewrite_warp_sync(ctx: Context) -> Iterator[RuleOutput]:
    if not supplied_before_62(ctx):
        yield from _widen_masks(ctx)


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
