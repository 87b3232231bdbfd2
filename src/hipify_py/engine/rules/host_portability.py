"""Host C++ that g++ (nvcc's host compiler) accepts and clang (hipcc) rejects, rewritten in files
hipcc will compile (GPU code) so it means the same to both.

* `"text"MACRO`: C++11 reads an identifier glued to a string literal as a user-defined-literal
  suffix. g++ warns and, for a name that is not a literal operator, keeps the old meaning (the
  macro's expansion, concatenated); clang makes it an error. A space restores the old meaning.
  Suffixes that start with one `_` are real user-defined literals and `s`/`sv` are the standard
  library's: those stay. Names that start with `__` are reserved, never literal suffixes: CUDA's
  keywords are macros (`extern "C"__global__`).
* `register`: C++17 removed the storage class; nvcc warns, clang rejects it. It never changed
  what a program does, so the word is taken out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import KEYWORD, LITERAL
from hipify_py.engine.rules.base import Context, RuleOutput, after_blanks
from hipify_py.reporting.diagnostics import Finding

_GLUED_SUFFIX = re.compile(rb'"([A-Za-z]\w*|__\w*)')
_STANDARD_SUFFIXES = frozenset({b"s", b"sv"})


def separate_literal_suffixes(ctx: Context) -> Iterator[RuleOutput]:
    if not ctx.is_gpu_code:
        return  # host-only files keep their compiler (g++): left byte for byte
    toks = ctx.parsed.tokens
    n = len(toks)
    for m in _GLUED_SUFFIX.finditer(ctx.data):
        i = toks.index_at(m.start())
        # The quote must close a string literal that the name is glued onto (libclang's
        # tokens split the name off; a compiler's lexer would not).
        if i >= n or toks.kinds[i] != LITERAL or toks.start(i) >= m.start():
            continue
        glued = toks.end(i) == m.end() or (
            toks.end(i) == m.start() + 1 and i + 1 < n and toks.start(i + 1) == m.start() + 1)
        if not glued or m.group(1) in _STANDARD_SUFFIXES or ctx.is_skipped(m.start()):
            continue
        at = m.start(1)
        yield Edit(at, at, b" ", "host_portability")
        yield Finding("HPY520", at, m.end(),
                      f"space added between a string literal and {m.group(1).decode()}: "
                      "clang reads the glued name as a literal suffix and rejects it")


def drop_register(ctx: Context) -> Iterator[RuleOutput]:
    """`register int x` -> `int x` in C++ that hipcc compiles (C keeps it: valid there)."""
    if not ctx.is_gpu_code or ctx.is_c or b"register" not in ctx.data:
        return
    toks = ctx.parsed.tokens
    for i in toks.of_kind(KEYWORD):
        if toks.raw(i) != b"register" or ctx.is_skipped(toks.start(i)):
            continue
        start, end = toks.start(i), toks.end(i)
        yield Edit(start, after_blanks(ctx.data, end), b"", "host_portability")
        yield Finding("HPY521", start, toks.end(i),
                      "register removed: C++17 has no register storage class; clang (hipcc) "
                      "rejects it where nvcc warned, and it never changed what the code does")
