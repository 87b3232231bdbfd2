"""CUDA feature-test macros: translate them to what is true on HIP, or report them.

Real helper headers test CUDA's own include guards and version macros (`#ifdef
__CUDA_RUNTIME_H__`, `#if CUDART_VERSION >= 11000`, `#ifdef __CUDA_ARCH__`). HIP's headers define
none of them, so such code silently vanishes under hipcc. The `feature_macros` table maps each to
its HIP counterpart (the HIP header's own guard, HIP_VERSION, __HIP_DEVICE_COMPILE__).

Macros whose value is an architecture or compiler version (`__CUDA_ARCH__`,
`__CUDACC_VER_MAJOR__`) only translate where the code tests whether they are defined
(`#ifdef`, `defined(...)`, a bare `#if X`); a numeric comparison has no HIP meaning and is
reported (HPY501) and left, so it evaluates as 0 under hipcc.
"""

from __future__ import annotations

from collections.abc import Iterator

from hipify_py.diagnostics import Finding
from hipify_py.edits import Edit
from hipify_py.rules.base import Context, Reference, RuleOutput
from hipify_py.syntax import Syntax

FAMILY = "feature_macros"
# Macros whose value is a number that means nothing on HIP: only "is it defined" translates.
DEFINED_ONLY = frozenset(
    {
        "__CUDA_ARCH__", "__CUDACC_VER_MAJOR__", "__CUDACC_VER_MINOR__", "__CUDACC_VER_BUILD__",
        "__CUDA_ARCH_LIST__", "__NVCC__", "__CUDACC_RDC__", "__CUDACC_EWP__",
    }
)
_DEFINED_DIRECTIVES = frozenset({"ifdef", "ifndef", "elifdef", "elifndef"})


def translate_feature_macros(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i, entry in ctx.api_tokens:
        if entry.family != FAMILY:
            continue
        start, end, text = toks.start(i), toks.end(i), entry.cuda
        if ctx.is_skipped(start):
            continue
        prev = syntax.prev_code(i)
        if prev is not None and toks.raw(prev) in (b".", b"->", b"::"):
            continue
        target = entry.hip
        if text in DEFINED_ONLY and not _tests_definedness(syntax, i):
            yield Reference(FAMILY, text, False)
            yield Finding(
                "HPY501", start, end,
                f"{text} is used for its value; HIP has no equivalent value, so under hipcc "
                "it evaluates as 0", text,
                f"test defined({target}) for device code, or the HIP version macros"
                if target else entry.note, FAMILY,
            )
            continue
        if target is None:
            yield Reference(FAMILY, text, False)
            yield Finding("HPY501", start, end,
                          f"{text} has no HIP counterpart; under hipcc it is undefined",
                          text, entry.note, FAMILY)
            continue
        yield Reference(FAMILY, text, True)
        note = f" ({entry.note})" if entry.note else ""
        if target == "":
            # A calling convention: remove it with the blank after it.
            data = ctx.data
            while end < len(data) and data[end : end + 1] in (b" ", b"\t"):
                end += 1
            yield Edit(start, end, b"", "feature_macros")
            yield Finding("HPY500", start, end, f"{text} removed{note}", text, None, FAMILY)
            continue
        yield Edit(start, end, target.encode(), "feature_macros")
        yield Finding("HPY500", start, end, f"{text} -> {target}{note}", text, None, FAMILY)


def _tests_definedness(syntax: Syntax, i: int) -> bool:
    """`#ifdef X`, `defined(X)`, `defined X`, or a bare `#if X` / `#elif X`."""
    toks = syntax.tokens
    prev = syntax.prev_code(i)
    if prev is None:
        return False
    before = toks.text(prev)
    home = syntax.directive_at(i)
    if before in _DEFINED_DIRECTIVES and home is not None:
        return True
    if before == "defined":
        return True
    if before == "(":
        p2 = syntax.prev_code(prev)
        if p2 is not None and toks.text(p2) == "defined":
            return True
    if before in ("if", "elif") and home is not None:
        nxt = syntax.next_code(i)
        return nxt is None or syntax.directive_at(nxt) is not home or toks.text(nxt) in ("&&", "||")
    return False
