"""#if chains in which the author already wrote a HIP branch.

`#if CUDA_VERSION >= 12080` / CUDA-only code / `#elif defined(__HIPCC__)` / HIP code / `#endif`:
under hipcc CUDA_VERSION is undefined, so the author's HIP branch is the one compiled. Rewriting
CUDA_VERSION to the CUDA release the code is read as (rules/feature_macros.py) would select the
CUDA branch instead, with its CUDA-only builtins. In such a chain the branches before the HIP one
are the CUDA side: version macros in their conditions are left as written, and what their bodies
hold is not reported as left-over CUDA (rules/residue.py), since hipcc never compiles it.
"""

from __future__ import annotations

from typing import NamedTuple

from hipify_py.engine.ranges import Ranges
from hipify_py.engine.rules.base import Context
from hipify_py.engine.syntax import Directive

# Macros only a HIP compilation (or a HIP-enabled build) defines.
HIP_MACROS = frozenset({
    "__HIPCC__", "__HIP__", "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__",
    "__HIP_PLATFORM_NVIDIA__", "__HIP_PLATFORM_NVCC__", "__HIP_DEVICE_COMPILE__",
    "__HIP_ARCH__", "HIP_VERSION", "HIP_VERSION_MAJOR", "USE_ROCM", "__HIP_PLATFORM_SPIRV__",
})
_OPENERS = frozenset({"if", "ifdef", "ifndef"})
_BRANCHES = frozenset({"elif", "elifdef", "elifndef", "else"})
_KEY = "hip_branches"
_LOOKUP_KEY = "hip_branches_lookup"


class CudaSide(NamedTuple):
    """The branches before the author's HIP branch in one #if chain."""

    conditions: tuple[Directive, ...]  # their #if/#elif lines
    bodies: tuple[tuple[int, int], ...]  # byte ranges of their code
    hip_line: int  # 1-based line of the HIP branch's directive


def cuda_sides(ctx: Context) -> tuple[CudaSide, ...]:
    found: tuple[CudaSide, ...] | None = ctx.memo.get(_KEY)
    if found is None:
        found = ctx.memo[_KEY] = _find(ctx) if _mentions_hip(ctx.data) else ()
    return found


def in_cuda_condition(ctx: Context, token: int) -> CudaSide | None:
    """The chain whose CUDA-side #if/#elif line holds this token, if any."""
    directive = ctx.syntax.directive_at(token)
    if directive is None:
        return None
    return _lookups(ctx)[0].get(directive.first)


def in_cuda_body(ctx: Context, offset: int) -> bool:
    return offset in _lookups(ctx)[1]


def _lookups(ctx: Context) -> tuple[dict[int, CudaSide], Ranges]:
    """Each CUDA-side condition's chain by its first token, and the CUDA sides' bodies: asked
    per token, a scan of every chain was quadratic in a file of thousands of them."""
    found: tuple[dict[int, CudaSide], Ranges] | None = ctx.memo.get(_LOOKUP_KEY)
    if found is None:
        sides = cuda_sides(ctx)
        conditions: dict[int, CudaSide] = {}
        for side in sides:
            for d in side.conditions:
                conditions.setdefault(d.first, side)
        found = ctx.memo[_LOOKUP_KEY] = (
            conditions, Ranges(r for side in sides for r in side.bodies))
    return found


def _mentions_hip(data: bytes) -> bool:
    return b"HIP" in data or b"USE_ROCM" in data


def _find(ctx: Context) -> tuple[CudaSide, ...]:
    syntax = ctx.syntax
    out: list[CudaSide] = []
    stack: list[list[Directive]] = []
    for d in syntax.directives:
        if d.name in _OPENERS:
            stack.append([d])
        elif d.name in _BRANCHES and stack:
            stack[-1].append(d)
        elif d.name == "endif" and stack:
            chain = stack.pop()
            side = _cuda_side(ctx, chain, d)
            if side is not None:
                out.append(side)
    return tuple(out)


def _cuda_side(ctx: Context, chain: list[Directive], endif: Directive) -> CudaSide | None:
    toks = ctx.parsed.tokens
    for h, d in enumerate(chain):
        if d.name == "else":
            continue
        if not {toks.text(k) for k in range(d.first, d.last + 1)} & HIP_MACROS:
            continue
        if h == 0:
            return None  # the HIP test comes first: nothing of the CUDA side precedes it
        ends = [x.start for x in chain[1:]] + [endif.start]
        bodies = tuple((chain[k].end, ends[k]) for k in range(h))
        return CudaSide(tuple(chain[:h]), bodies, ctx.data.count(b"\n", 0, d.start) + 1)
    return None
