"""CUDA feature-test macros: translate them to what is true on HIP, or report them.

Real helper headers test CUDA's own include guards and version macros (`#ifdef
__CUDA_RUNTIME_H__`, `#if CUDART_VERSION >= 11000`, `#ifdef __CUDA_ARCH__`). HIP's headers define
none of them, so such code silently vanishes under hipcc. The `feature_macros` table maps each to
its HIP counterpart (the HIP header's own guard, HIP_VERSION, __HIP_DEVICE_COMPILE__).

Where a macro is used for its value, not tested for definedness:

* CUDA's version (`CUDART_VERSION`, `CUDA_VERSION`, `__CUDA_API_VERSION`, `__CUDACC_VER_MAJOR__`,
  `__CUDACC_VER_MINOR__`) becomes the number of the CUDA release the code is read as
  (--cuda-version, default 12.0): every comparison takes the branch that release took. (HIP_VERSION
  would be a number in the tens of millions: every "CUDA >= N" branch, CUDA-only code included.)
* The libraries' version macros (`CUB_VERSION`, `CUSPARSE_VERSION`, `CUDNN_MAJOR`, ...), which no
  HIP library defines, become the versions that release shipped.
* `__CUDA_ARCH__` becomes `HIPIFY_PY_CUDA_ARCH`, which hipify_supplied.h defines on both
  platforms: nvcc's own `__CUDA_ARCH__` on NVIDIA (so HIP's NVIDIA build keeps the sm_70+ paths
  it compiled as CUDA), and on AMD 600 (Pascal) in device compilation, 0 in host compilation, as
  under nvcc. Pascal is the level every GPU HIP targets covers (fp16 arithmetic, double
  atomicAdd, __ldg, shuffles); branches for Volta and later use what HIP lacks or does otherwise
  (independent thread scheduling with __syncwarp, tensor cores, arrive/wait barriers, cp.async,
  __reduce_*_sync). Reported (HPY502); `-DHIPIFY_PY_AMD_CUDA_ARCH=N` at build time picks another.
* Other numbers with no HIP meaning (`__CUDACC_VER_BUILD__`, `__CUDA_ARCH_LIST__`) are reported
  (HPY501) and left, so they evaluate as 0 under hipcc.
"""

from __future__ import annotations

from collections.abc import Iterator

from hipify_py.engine.edits import Edit
from hipify_py.engine.rules.base import Context, Reference, RuleOutput, Supply, after_blanks
from hipify_py.engine.rules.hip_branches import in_cuda_condition
from hipify_py.engine.syntax import Syntax
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Settings, cuda_major_minor, cuda_version_number
from hipify_py.tables.cuda_releases import library_macros

FAMILY = "feature_macros"
# Macros whose value is a number that means nothing on HIP: only "is it defined" translates.
# (A value use of the version macros and of __CUDA_ARCH__ is handled first, by value_of.)
DEFINED_ONLY = frozenset(
    {"__CUDACC_VER_BUILD__", "__CUDA_ARCH_LIST__", "__NVCC__", "__CUDACC_RDC__", "__CUDACC_EWP__"}
)
_DEFINED_DIRECTIVES = frozenset({"ifdef", "ifndef", "elifdef", "elifndef"})
EMULATED_CUDA_ARCH = 600  # hipify_supplied.h's default for AMD (supplied_runtime.yaml)
CUDA_ARCH_VALUE = "HIPIFY_PY_CUDA_ARCH"
_CUDA_VERSION_MACROS = frozenset({"CUDART_VERSION", "CUDA_VERSION", "__CUDA_API_VERSION"})


def value_of(name: str, settings: Settings) -> str | None:
    """The text a value use of `name` becomes, or None where the value has no HIP meaning."""
    major, minor = cuda_major_minor(settings.cuda_version)
    if name in _CUDA_VERSION_MACROS:
        return str(cuda_version_number(settings.cuda_version))
    if name == "__CUDACC_VER_MAJOR__":
        return str(major)
    if name == "__CUDACC_VER_MINOR__":
        return str(minor)
    if name == "__CUDA_ARCH__":
        return CUDA_ARCH_VALUE
    # CUB_VERSION, CUSPARSE_VER_MAJOR, CUDNN_MAJOR, ...: those the feature_macros table lists
    # (callers pass its entries; rocThrust's own THRUST_* are not among them)
    version = library_macros(settings.cuda_version).get(name)
    return None if version is None else str(version)


def _opens_skipped_range(ctx: Context, i: int) -> bool:
    """Is token i in the #if/#elif line a skipped range starts with? The preprocessor evaluated
    that condition to skip the branch, and hipcc evaluates it again: `#if CUDART_VERSION < 10000`
    left as written is true under hipcc (no CUDART_VERSION), which would compile the skipped,
    untranslated branch instead of the translated one."""
    directive = ctx.syntax.directive_at(i)
    return directive is not None and any(a == directive.start for a, _ in ctx.skipped)


def translate_feature_macros(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i, entry in ctx.api_tokens:
        if entry.family != FAMILY:
            continue
        start, end, text = toks.start(i), toks.end(i), entry.cuda
        if ctx.is_skipped(start) and not _opens_skipped_range(ctx, i):
            continue
        prev = syntax.prev_code(i)
        if prev is not None and toks.raw(prev) in (b".", b"->", b"::"):
            continue
        target = entry.hip
        definedness = _tests_definedness(syntax, i)
        value = None if definedness else value_of(text, ctx.settings)
        side = in_cuda_condition(ctx, i) if value is not None else None
        if side is not None:
            yield Reference(FAMILY, text, True)
            yield Finding("HPY500", start, end,
                          f"{text} left as written: this #if chain has the author's own HIP "
                          f"branch (line {side.hip_line}), which hipcc keeps selecting", text,
                          None, FAMILY)
            continue
        if value is not None:
            yield Reference(FAMILY, text, True)
            yield Edit(start, end, value.encode(), "feature_macros")
            if text == "__CUDA_ARCH__":
                yield Supply(CUDA_ARCH_VALUE)
                yield Finding("HPY502", start, end,
                              f"__CUDA_ARCH__ -> {CUDA_ARCH_VALUE}: nvcc's value on NVIDIA; on AMD "
                              f"{EMULATED_CUDA_ARCH} in device code (0 in host code): review the "
                              "branch this selects on AMD (-DHIPIFY_PY_AMD_CUDA_ARCH=N picks "
                              "another value)", text, None, FAMILY)
            else:
                yield Finding("HPY500", start, end,
                              f"{text} -> {value} (CUDA {ctx.settings.cuda_version}, the release "
                              "the code is read as; --cuda-version)", text, None, FAMILY)
            continue
        if text in DEFINED_ONLY and not definedness:
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
            end = after_blanks(ctx.data, end)
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
