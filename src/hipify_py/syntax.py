"""Structure read off the token stream: directives, includes, brackets, calls, kernel launches.

Pure Python over parsing.Token values. Launches and calls are found on tokens rather than in the
AST because, without CUDA headers, clang drops or "recovers" most API calls, and because tokens
reach macro bodies and inactive #if branches, which the AST does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from hipify_py.parsing import COMMENT, IDENT, KEYWORD, LITERAL, PUNCT, ParsedSource, Token

_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {")": "(", "]": "[", "}": "{"}
_INCLUDE_RE = re.compile(rb'[ \t]*(?:include|include_next|import)[ \t]*([<"])([^>"\r\n]*)([>"])')


@dataclass(frozen=True, slots=True)
class Directive:
    """A preprocessor directive: tokens first..last (inclusive), bytes start..end (end of line)."""

    name: str
    first: int
    last: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Include:
    directive: Directive
    header: str
    angled: bool
    name_start: int  # byte offset of the header name, without delimiters
    name_end: int


@dataclass(frozen=True, slots=True)
class Span:
    """Tokens first..last inclusive (last < first: empty), bytes start..end."""

    first: int
    last: int
    start: int
    end: int

    @property
    def empty(self) -> bool:
        return self.last < self.first


@dataclass(frozen=True, slots=True)
class Call:
    name_index: int  # token index of the callee's last identifier
    open_index: int  # "("
    close_index: int  # ")"
    args: tuple[Span, ...]


@dataclass(frozen=True, slots=True)
class Launch:
    callee: Span  # qualified name with template arguments
    template_args: Span | None
    open_index: int  # "<<<"
    close_index: int  # ">>>"
    config: tuple[Span, ...]
    args_open: int  # "(" after ">>>"
    args_close: int
    args: tuple[Span, ...]


class Syntax:
    """Lazily computed structure of one parsed source."""

    def __init__(self, parsed: ParsedSource) -> None:
        self.parsed = parsed
        self.tokens: tuple[Token, ...] = parsed.tokens
        self.data = parsed.data

    # --- directives --------------------------------------------------------------------------
    @cached_property
    def directives(self) -> tuple[Directive, ...]:
        """Every directive: a '#' that starts a line, through the end of its logical line."""
        out = []
        toks = self.tokens
        data = self.data
        n = len(toks)
        i = 0
        while i < n:
            tok = toks[i]
            if tok.kind == PUNCT and tok.text in ("#", "%:") and _starts_line(data, tok.start):
                end = _logical_line_end(data, tok.start)
                j = i
                while j + 1 < n and toks[j + 1].start < end:
                    j += 1
                name = toks[i + 1].text if i + 1 <= j else ""
                out.append(Directive(name, i, j, tok.start, end))
                i = j + 1
            else:
                i += 1
        return tuple(out)

    @cached_property
    def directive_of_token(self) -> dict[int, Directive]:
        out: dict[int, Directive] = {}
        for d in self.directives:
            for k in range(d.first, d.last + 1):
                out[k] = d
        return out

    @cached_property
    def includes(self) -> tuple[Include, ...]:
        out = []
        for d in self.directives:
            if d.name not in ("include", "include_next", "import"):
                continue
            hash_tok = self.tokens[d.first]
            m = _INCLUDE_RE.match(self.data, hash_tok.end, d.end)
            if not m or (m.group(1) == b"<") != (m.group(3) == b">"):
                continue
            header = m.group(2).decode("utf-8", "surrogateescape").strip()
            out.append(Include(d, header, m.group(1) == b"<", m.start(2), m.end(2)))
        return tuple(out)

    # --- brackets ----------------------------------------------------------------------------
    @cached_property
    def partner(self) -> dict[int, int]:
        """Matching bracket for every (), [], {} and <<< >>> token, both directions.

        Each directive is matched on its own (a macro body may be unbalanced); unbalanced
        brackets are left unmatched rather than guessed.
        """
        out: dict[int, int] = {}
        toks = self.tokens
        in_directive = self.directive_of_token
        stacks: dict[int, list[int]] = {}
        for i, tok in enumerate(toks):
            if tok.kind != PUNCT:
                continue
            t = tok.text
            d = in_directive.get(i)
            key = d.first if d is not None else -1
            if t in _OPEN or t == "<<<":
                stacks.setdefault(key, []).append(i)
            elif t in _CLOSE or t == ">>>":
                want = "<<<" if t == ">>>" else _CLOSE[t]
                stack = stacks.get(key)
                if not stack:
                    continue
                # Pop until the matching opener; unmatched openers in between stay unmatched.
                for depth in range(len(stack) - 1, -1, -1):
                    if toks[stack[depth]].text == want:
                        j = stack[depth]
                        del stack[depth:]
                        out[i] = j
                        out[j] = i
                        break
        return out

    def split_args(self, open_index: int, close_index: int) -> tuple[Span, ...]:
        """Top-level comma-separated pieces between two matched brackets (exclusive)."""
        toks = self.tokens
        partner = self.partner
        if close_index == open_index + 1 or _only_comments(toks, open_index + 1, close_index):
            return ()
        pieces: list[Span] = []
        first = open_index + 1
        i = first
        while i < close_index:
            t = toks[i]
            if t.kind == PUNCT:
                if (t.text in _OPEN or t.text == "<<<") and i in partner and partner[i] < close_index:
                    i = partner[i] + 1
                    continue
                if t.text == ",":
                    pieces.append(self._span(first, i - 1))
                    first = i + 1
            i += 1
        pieces.append(self._span(first, close_index - 1))
        return tuple(pieces)

    def _span(self, first: int, last: int) -> Span:
        toks = self.tokens
        while first <= last and toks[first].kind == COMMENT:
            first += 1
        while last >= first and toks[last].kind == COMMENT:
            last -= 1
        if last < first:
            pos = toks[first].start if first < len(toks) else len(self.data)
            return Span(first, last, pos, pos)
        return Span(first, last, toks[first].start, toks[last].end)

    def text(self, span: Span) -> bytes:
        return self.data[span.start : span.end]

    # --- calls and launches ------------------------------------------------------------------
    def call_at(self, name_index: int) -> Call | None:
        """The call whose callee name is token name_index (`f(...)` or `f<...>(...)`)."""
        toks = self.tokens
        j = name_index + 1
        if j < len(toks) and toks[j].text == "<":
            close = self._angle_close(j)
            if close is None:
                return None
            j = close + 1
        if j >= len(toks) or toks[j].text != "(":
            return None
        close_paren = self.partner.get(j)
        if close_paren is None:
            return None
        return Call(name_index, j, close_paren, self.split_args(j, close_paren))

    def _angle_close(self, open_index: int) -> int | None:
        """Matching '>' of a template argument list starting at '<' (None if not one)."""
        toks = self.tokens
        depth = 0
        i = open_index
        partner = self.partner
        limit = min(len(toks), open_index + 400)
        while i < limit:
            t = toks[i]
            if t.kind == PUNCT:
                if t.text == "<":
                    depth += 1
                elif t.text == ">":
                    depth -= 1
                    if depth == 0:
                        return i
                elif t.text == ">>":
                    depth -= 2
                    if depth <= 0:
                        return i
                elif t.text in _OPEN and i in partner:
                    i = partner[i]
                elif t.text in (";", "{", "}", ")", "]", "<<<", ">>>", "&&", "||"):
                    return None
            i += 1
        return None

    @cached_property
    def launches(self) -> tuple[Launch, ...]:
        out = []
        toks = self.tokens
        partner = self.partner
        for i, tok in enumerate(toks):
            if tok.kind != PUNCT or tok.text != "<<<" or i not in partner:
                continue
            close = partner[i]
            if close < i:
                continue
            args_open = close + 1
            if args_open >= len(toks) or toks[args_open].text != "(" or args_open not in partner:
                continue
            callee_first, template_args = self._callee_before(i)
            if callee_first is None:
                continue
            args_close = partner[args_open]
            out.append(
                Launch(
                    callee=self._span(callee_first, i - 1),
                    template_args=template_args,
                    open_index=i,
                    close_index=close,
                    config=self.split_args(i, close),
                    args_open=args_open,
                    args_close=args_close,
                    args=self.split_args(args_open, args_close),
                )
            )
        return tuple(out)

    def _callee_before(self, index: int) -> tuple[int | None, Span | None]:
        """First token of the (qualified, possibly templated) kernel name ending at index-1."""
        toks = self.tokens
        j = index - 1
        template_args = None
        if j >= 0 and toks[j].text in (">", ">>"):
            depth = 0
            k = j
            while k >= 0:
                t = toks[k].text
                if t == ">":
                    depth += 1
                elif t == ">>":
                    depth += 2
                elif t == "<":
                    depth -= 1
                    if depth == 0:
                        break
                elif t in (";", "{", "}"):
                    return None, None
                elif t == ")" and k in self.partner:
                    k = self.partner[k]
                k -= 1
            if k < 0:
                return None, None
            template_args = self._span(k + 1, j - 1)
            j = k - 1
        if j < 0 or toks[j].kind not in (IDENT, KEYWORD):
            return None, None
        first = j
        while first >= 2 and toks[first - 1].text == "::" and toks[first - 2].kind == IDENT:
            first -= 2
        if first >= 1 and toks[first - 1].text == "::":
            first -= 1
        return first, template_args


def _starts_line(data: bytes, offset: int) -> bool:
    i = offset - 1
    while i >= 0 and data[i] in b" \t\f\v":
        i -= 1
    return i < 0 or data[i] in b"\r\n" or (data[i] == 0xBF and i == 2 and data[:3] == b"\xef\xbb\xbf")


def _logical_line_end(data: bytes, offset: int) -> int:
    """End of the line at offset, following backslash continuations and block comments."""
    n = len(data)
    i = offset
    while i < n:
        c = data[i]
        if c == 0x0A:
            j = i - 1
            if j >= 0 and data[j] == 0x0D:
                j -= 1
            if j >= 0 and data[j] == 0x5C:  # backslash continuation
                i += 1
                continue
            return i
        if c == 0x2F and i + 1 < n and data[i + 1] == 0x2A:  # /* ... */ may span lines
            close = data.find(b"*/", i + 2)
            if close == -1:
                return n
            i = close + 2
            continue
        if c == 0x2F and i + 1 < n and data[i + 1] == 0x2F:  # // comment: to end of line
            nl = data.find(b"\n", i)
            while nl != -1 and data[nl - 1 : nl] == b"\\" or (
                nl > 1 and data[nl - 2 : nl] == b"\\\r"
            ):
                nl = data.find(b"\n", nl + 1)
            return n if nl == -1 else nl
        if c in (0x22, 0x27):  # string or char literal: skip to its end
            j = i + 1
            while j < n and data[j] != c and data[j] != 0x0A:
                j += 2 if data[j] == 0x5C else 1
            i = j + 1
            continue
        i += 1
    return n


def _only_comments(toks: Sequence[Token], first: int, stop: int) -> bool:
    return all(toks[k].kind == COMMENT for k in range(first, stop))


__all__ = [
    "COMMENT", "IDENT", "KEYWORD", "LITERAL", "PUNCT",
    "Call", "Directive", "Include", "Launch", "Span", "Syntax",
]
