"""Kernel launches: `k<<<g, b, s, st>>>(args)` -> `hipLaunchKernelGGL(k, dim3(g), dim3(b), s, st, args)`.

Missing shared-memory and stream arguments become 0; template kernels are wrapped in
HIP_KERNEL_NAME(...) because the preprocessor would split their template arguments at the
commas. The argument list is kept byte for byte (line breaks and comments included). A launch
whose configuration has an unexpected shape (one argument: a macro supplies the rest; more than
four) is left in <<<>>> form, which hip-clang accepts, and reported. A launch from device code is
dynamic parallelism, which HIP lacks: reported, never rewritten. Chevrons written apart
(`k << < g, b >> > (args)`, which nvcc accepts and clang does not) are closed up.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from hipify_py.engine.edits import Edit, Piece
from hipify_py.engine.parsing import IDENT
from hipify_py.engine.rules.base import Context, Reference, RuleOutput
from hipify_py.engine.syntax import Launch, Span
from hipify_py.reporting.diagnostics import Finding, Severity


def rewrite_launches(ctx: Context) -> Iterator[RuleOutput]:
    syntax = ctx.syntax
    for launch in syntax.launches:
        start = launch.callee.start
        if ctx.is_skipped(start):
            continue
        name = syntax.text(launch.callee).decode("utf-8", "surrogateescape")
        device_fn = ctx.parsed.device_function_at(start)
        # __host__ __device__ code usually guards such a launch with __CUDA_ARCH__ checks.
        if device_fn is not None and "host" not in device_fn.spaces:
            yield Reference("launch", name, False)
            yield Finding(
                "HPY310", start, ctx.parsed.tokens.end(launch.close_index),
                f"kernel {name} is launched from device function {device_fn.name} "
                "(dynamic parallelism is not supported by HIP)",
                None, "launch the kernel from host code instead", "runtime",
            )
            continue
        if ctx.settings.keep_launch_syntax:
            yield Reference("launch", name, True)
            yield from _closed_chevrons(ctx, launch)
            continue
        if _inside_expression(ctx, launch):
            # hipLaunchKernelGGL expands to a statement (do { ... } while (0)): inside a macro
            # argument, a ?:, a return or a cast it would not compile; the chevrons do.
            yield Reference("launch", name, True)
            yield from _closed_chevrons(ctx, launch)
            yield Finding(
                "HPY901", start, ctx.parsed.tokens.end(launch.close_index),
                f"launch of {name} kept as <<<...>>>: it is part of an expression, and "
                "hipLaunchKernelGGL is a statement (hip-clang accepts the chevrons)",
                None, None, "runtime", Severity.NOTE)
            continue
        problem = _unrewritable(ctx, launch)
        if problem:
            yield Reference("launch", name, False)
            yield from _closed_chevrons(ctx, launch)
            yield Finding(
                "HPY901", start, ctx.parsed.tokens.end(launch.close_index),
                f"launch of {name} left as <<<...>>>: {problem}", None,
                "hip-clang accepts <<<...>>>; rewrite by hand if you need hipLaunchKernelGGL",
                "runtime",
            )
            continue
        yield Reference("launch", name, True)
        yield _launch_edit(ctx, launch)
    yield from _unclosed_launches(ctx)


def _unclosed_launches(ctx: Context) -> Iterator[Finding]:
    """A `<<<` whose configuration or argument list never closes is no launch to rewrite: it is
    left as it is, and said so on its line (nvcc rejects it too)."""
    syntax = ctx.syntax
    toks = ctx.parsed.tokens
    launched = {launch.open_index for launch in syntax.launches}
    for i in syntax.chevrons:
        if i in launched or ctx.is_skipped(toks.start(i)):
            continue
        close = syntax.partner_of(i)
        if close is None:
            problem = "its <<< has no matching >>> before the end of the statement"
        else:
            args_open = syntax.next_code(close)
            if (args_open is None or toks.raw(args_open) != b"("
                    or syntax.partner_of(args_open) is not None):
                continue  # arguments a macro supplies, or no launch at all
            problem = "its argument list never closes"
        yield Finding("HPY901", toks.start(i), toks.end(i),
                      f"kernel launch left as <<<...>>>: {problem}", None,
                      "check the brackets of this launch", "runtime")


def _closed_chevrons(ctx: Context, launch: Launch) -> Iterator[Edit]:
    """A launch kept in chevron form, written `<< <` ... `>> >`: close them up for clang."""
    toks = ctx.parsed.tokens
    if toks.raw(launch.open_index) == b"<":
        yield Edit(toks.start(launch.open_index - 1), toks.end(launch.open_index), b"<<<",
                   "launches")
        yield Edit(toks.start(launch.close_index), toks.end(launch.close_index + 1), b">>>",
                   "launches")


_STATEMENT_START = frozenset({b";", b"{", b"}", b"else", b"do"})
_CONTROL = frozenset({b"if", b"while", b"for", b"switch"})


def _inside_expression(ctx: Context, launch: Launch) -> bool:
    """Not a statement of its own: `f((k<<<g, b>>>(x)))`, `c ? k<<<...>>>() : ...`, `return
    k<<<...>>>()`, `(void)k<<<...>>>()`. A whole macro body counts as a statement."""
    syntax = ctx.syntax
    toks = ctx.parsed.tokens
    after = syntax.next_code(launch.args_close)
    directive = syntax.directive_at(launch.callee.first)
    ends_here = after is None or toks.raw(after) == b";" or (
        directive is not None and launch.args_close == directive.last)
    if not ends_here:
        return True
    prev = syntax.prev_code(launch.callee.first)
    if prev is None or toks.raw(prev) in _STATEMENT_START:
        return False
    if directive is None and syntax.directive_at(prev) is not None:
        return False  # right after an #if/#endif line: a statement of its own
    if directive is not None and syntax.directive_at(prev) is directive:
        # #define NAME body / #define NAME(params) body
        name = directive.first + 2  # '#', 'define', NAME
        after_parameters = (toks.raw(prev) == b")" and toks.raw(name + 1) == b"("
                            and syntax.partner_of(name + 1) == prev)
        return prev != name and not after_parameters
    if toks.raw(prev) == b")":
        opener = syntax.opener_of(prev)
        keyword = syntax.prev_code(opener) if opener is not None else None
        return keyword is None or toks.raw(keyword) not in _CONTROL
    if toks.raw(prev) == b":":
        return not _ends_label(ctx, prev)
    return True


def _ends_label(ctx: Context, colon: int) -> bool:
    """Does this `:` end a label (`case X:`, `default:`, `name:`), after which a statement
    starts, rather than belong to a `?:`? Scans back to the `case`; a `?`, another `:` or a
    statement boundary first means it is not one (a `case` whose value has a ?: included: the
    launch then keeps its chevrons, which is correct either way)."""
    syntax = ctx.syntax
    toks = ctx.parsed.tokens
    before = syntax.prev_code(colon)
    if before is None:
        return False
    if toks.raw(before) == b"default":
        return True
    if toks.kinds[before] == IDENT:
        ahead = syntax.prev_code(before)
        if ahead is None or toks.raw(ahead) in (b";", b"{", b"}"):
            return True  # a goto label
    k: int | None = before
    while k is not None:
        t = toks.raw(k)
        if t == b"case":
            return True
        if t in (b";", b"{", b"}", b"?", b":"):
            return False
        if t in (b")", b"]"):
            k = syntax.opener_of(k)
            if k is None:
                return False
        k = syntax.prev_code(k)
    return False


def _unrewritable(ctx: Context, launch: Launch) -> str | None:
    n = len(launch.config)
    if n < 2:
        return "its configuration has fewer than two arguments (a macro may supply them)"
    if n > 4:
        return "its configuration has more than four arguments"
    if any(piece.empty for piece in launch.config):
        return "its configuration has an empty argument"
    # Everything from the kernel name to the closing parenthesis must lie in one directive
    # (a macro body) or in none; a launch split across #if branches cannot be rewritten.
    syntax = ctx.syntax
    first = launch.callee.first
    last = launch.args_close
    home = syntax.directive_at(first)
    if syntax.directive_at(last) is not home:
        return "it spans a preprocessor directive"
    # (by bisection: a loop over the launch's tokens is quadratic for launches nested in
    # argument lists)
    if home is None and syntax.directive_between(first, last):
        return "it spans a preprocessor directive"
    if syntax.hash_operator_between(first, last):
        return "it uses the preprocessor's # or ## operators"
    return None


# (a parameter list of at most 1,000 bytes: unbounded, each `template <` of a file where none
# closes was matched to the end of the file, issue 30)
_TEMPLATE_KERNEL = re.compile(
    rb"\btemplate\s*<[^{};]{0,1000}>\s*(?:[A-Za-z_][\w:]*\s+)*?__global__\s+(?:[A-Za-z_][\w:]*[\s*&]+)*?"
    rb"([A-Za-z_]\w*)\s*\(")


@functools.lru_cache(maxsize=8)
def _template_kernels(data: bytes) -> frozenset[bytes]:
    """Kernels this file declares as templates."""
    if b"template" not in data or b"__global__" not in data:
        return frozenset()
    return frozenset(m.group(1) for m in _TEMPLATE_KERNEL.finditer(data))


# An object-like macro whose body has template arguments (`#define KERNEL axpy<float>`): the
# preprocessor would split `KERNEL` at their commas inside hipLaunchKernelGGL(...) too.
_TEMPLATE_MACRO = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+[^\n]*<", re.M)


@functools.lru_cache(maxsize=8)
def _template_macros(data: bytes) -> frozenset[bytes]:
    if b"<" not in data:
        return frozenset()
    return frozenset(m.group(1) for m in _TEMPLATE_MACRO.finditer(data))


def _launch_edit(ctx: Context, launch: Launch) -> Edit:
    syntax = ctx.syntax
    toks = ctx.parsed.tokens
    callee: list[Piece] = [(launch.callee.start, launch.callee.end)]
    name = syntax.text(launch.callee).strip()
    if (launch.template_args is not None or name in _template_kernels(ctx.data)
            or name in _template_macros(ctx.data)):
        # (a template launched with deduced arguments: hipify-clang names it the same way)
        callee = [b"HIP_KERNEL_NAME(", *callee, b")"]
    pieces: list[Piece] = [b"hipLaunchKernelGGL(", *callee]
    for k in range(4):
        pieces.append(b", ")
        if k < len(launch.config):
            piece = launch.config[k]
            if k < 2 and not _is_dim3(syntax.text(piece)):
                pieces += [b"dim3(", (piece.start, piece.end), b")"]
            else:
                pieces.append((piece.start, piece.end))
        else:
            pieces.append(b"0")
    if launch.args:
        pieces += [b", ", (launch.args[0].start, launch.args[-1].end)]
    pieces.append(b")")
    end = toks.end(launch.args_close)
    return Edit(launch.callee.start, end, b"", "launches", tuple(pieces))


def _is_dim3(text: bytes) -> bool:
    """`dim3(...)` as a whole expression (wrapping it again would be noise)."""
    if not text.startswith(b"dim3(") or not text.endswith(b")"):
        return False
    depth = 0
    for i, c in enumerate(text[4:], start=4):
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0 and i != len(text) - 1:
                return False
    return True


__all__ = ["Span", "rewrite_launches"]
