"""Structure read off the token stream: directives, includes, brackets, calls, kernel launches.

Pure Python over parsing.TokenList. Launches and calls are found on tokens rather than in the
AST because, without CUDA headers, clang drops or "recovers" most API calls, and because tokens
reach macro bodies and inactive #if branches, which the AST does not.

Everything is computed lazily and locally: a rule that asks for the arguments of one call scans
the tokens of that call, not the whole file.
"""

from __future__ import annotations

import bisect
import re
from functools import cached_property
from typing import NamedTuple

from hipify_py.engine.parsing import (
    COMMENT,
    IDENT,
    KEYWORD,
    LITERAL,
    PUNCT,
    ParsedSource,
    TokenList,
)

_OPEN = {b"(": b")", b"[": b"]", b"{": b"}", b"<<<": b">>>"}
_CLOSE = {b")": b"(", b"]": b"[", b"}": b"{", b">>>": b"<<<"}
_BRACKETISH = frozenset((*_OPEN, *_CLOSE, b";"))  # what _BracketStack.feed acts on
_INCLUDE_RE = re.compile(rb'[ \t]*(?:include|include_next|import)[ \t]*([<"])([^>"\r\n]*)([>"])')
_DIRECTIVE_START = re.compile(rb"^(?:\xef\xbb\xbf)?[ \t]*(?:#|%:)", re.M)  # a BOM may lead
_SPACED_CHEVRONS = re.compile(rb"<<[ \t]+<(?!<)")
_STOP_ANGLE = frozenset({b";", b"{", b"}", b")", b"]", b"<<<", b">>>", b"&&", b"||"})


class Directive(NamedTuple):
    """A preprocessor directive: tokens first..last (inclusive), bytes start..end (end of line)."""

    name: str
    first: int
    last: int
    start: int
    end: int


class Include(NamedTuple):
    """An #include directive and the header it names."""

    directive: Directive
    header: str
    angled: bool
    name_start: int  # byte offset of the header name, without delimiters
    name_end: int


class Span(NamedTuple):
    """Tokens first..last inclusive (last < first: empty), bytes start..end."""

    first: int
    last: int
    start: int
    end: int

    @property
    def empty(self) -> bool:
        return self.last < self.first


class Call(NamedTuple):
    """A call: the callee's name token, its parentheses and its arguments."""

    name_index: int  # token index of the callee's last identifier
    open_index: int  # "("
    close_index: int  # ")"
    args: tuple[Span, ...]


class Launch(NamedTuple):
    """A kernel launch k<<<config>>>(args)."""

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
        self.tokens: TokenList = parsed.tokens
        self.data = parsed.data

    # --- directives --------------------------------------------------------------------------
    @cached_property
    def directives(self) -> tuple[Directive, ...]:
        """Every directive: a '#' that starts a line, through the end of its logical line."""
        out: list[Directive] = []
        toks = self.tokens
        data = self.data
        n = len(toks)
        pos_limit = -1
        for m in _DIRECTIVE_START.finditer(data):
            hash_pos = m.end() - (2 if data[m.end() - 2 : m.end()] == b"%:" else 1)
            if hash_pos < pos_limit:
                continue  # inside the previous directive (a continuation line)
            i = toks.index_at(hash_pos)
            if i >= n or toks.start(i) != hash_pos or toks.kinds[i] != PUNCT:
                continue  # a '#' inside a comment or string
            end = _logical_line_end(data, hash_pos)
            j = toks.index_at(end) - 1
            name = toks.text(i + 1) if i + 1 <= j else ""
            out.append(Directive(name, i, max(i, j), hash_pos, end))
            pos_limit = end
        return tuple(out)

    @cached_property
    def _directive_firsts(self) -> list[int]:
        return [d.first for d in self.directives]

    def directive_at(self, index: int) -> Directive | None:
        """The directive containing token `index`, if any."""
        k = bisect.bisect_right(self._directive_firsts, index) - 1
        if k >= 0:
            d = self.directives[k]
            if d.first <= index <= d.last:
                return d
        return None

    def directive_between(self, first: int, last: int) -> bool:
        """Does a directive start at a token in first..last?"""
        k = bisect.bisect_left(self._directive_firsts, first)
        return k < len(self._directive_firsts) and self._directive_firsts[k] <= last

    @cached_property
    def _hash_operators(self) -> list[int]:
        toks = self.tokens
        return [i for i, t in zip(toks.of_kind(PUNCT), toks.raws_of_kind(PUNCT), strict=True)
                if t in (b"#", b"##", b"%:", b"%:%:")]

    def hash_operator_between(self, first: int, last: int) -> bool:
        """Is a `#`, `##` (or `%:`, `%:%:`) token among tokens first..last?"""
        k = bisect.bisect_left(self._hash_operators, first)
        return k < len(self._hash_operators) and self._hash_operators[k] <= last

    @cached_property
    def directive_of_token(self) -> dict[int, Directive]:
        """Token index -> its directive, for every token inside a directive."""
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
            m = _INCLUDE_RE.match(self.data, d.start + 1, d.end)
            if not m or (m.group(1) == b"<") != (m.group(3) == b">"):
                continue
            header = m.group(2).decode("utf-8", "surrogateescape").strip()
            out.append(Include(d, header, m.group(1) == b"<", m.start(2), m.end(2)))
        return tuple(out)

    # --- names and nesting -------------------------------------------------------------------
    @cached_property
    def identifier_index(self) -> dict[bytes, list[int]]:
        """Each identifier's token indexes, in order: one pass, then a name's occurrences
        without a scan of the file per name."""
        toks = self.tokens
        index: dict[bytes, list[int]] = {}
        for i, t in zip(toks.of_kind(IDENT), toks.raws_of_kind(IDENT), strict=True):
            index.setdefault(t, []).append(i)
        return index

    @cached_property
    def _nesting(self) -> tuple[list[int], list[int]]:
        """The bracket tokens in order, and the innermost bracket still open after each (-1:
        none). Brackets match by position, whatever their kind, as a walk back would."""
        toks = self.tokens
        where: list[int] = []
        open_after: list[int] = []
        stack: list[int] = []
        for i, t in zip(toks.of_kind(PUNCT), toks.raws_of_kind(PUNCT), strict=True):
            if t in (b"(", b"[", b"{"):
                stack.append(i)
            elif t in (b")", b"]", b"}"):
                if stack:
                    stack.pop()
            else:
                continue
            where.append(i)
            open_after.append(stack[-1] if stack else -1)
        return where, open_after

    def enclosing_bracket(self, index: int) -> int | None:
        """The innermost `(`, `[` or `{` open before token index (None: at file level)."""
        where, open_after = self._nesting
        k = bisect.bisect_left(where, index)
        found = open_after[k - 1] if k else -1
        return found if found >= 0 else None

    # --- brackets ----------------------------------------------------------------------------
    def partner_of(self, index: int) -> int | None:
        """The matching bracket of an opening (), [], {} or <<< token, scanning forward.

        Brackets in a directive match only inside it (a macro body may be unbalanced); outside
        directives, directive lines are skipped. Unbalanced brackets give None, never a guess:
        a mismatched closer ends every bracket still open before it, and a `;` every `<<<`.
        """
        if self.tokens.raw(index) not in _OPEN:
            return None
        return self._partners.get(index)

    @cached_property
    def _partners(self) -> dict[int, int]:
        """Every matched opener -> its closer, found in one pass over the punctuation: asking
        each opener to scan ahead is quadratic where brackets never close (issue 30)."""
        toks = self.tokens
        pairs: dict[int, int] = {}
        directives = self.directives
        d = 0  # the next directive that may hold the token at hand
        main = _BracketStack(pairs)
        inner = _BracketStack(pairs)  # the current directive's own brackets
        in_directive = -1
        for i, t in zip(toks.of_kind(PUNCT), toks.raws_of_kind(PUNCT), strict=True):
            if t not in _BRACKETISH:
                continue  # most punctuation: nothing a bracket stack would do
            while d < len(directives) and directives[d].last < i:
                d += 1
            if d < len(directives) and directives[d].first <= i:
                if in_directive != d:
                    inner.clear()  # brackets left open in a directive match nothing
                    in_directive = d
                inner.feed(i, t)
            else:
                main.feed(i, t)
        return pairs

    def split_args(self, open_index: int, close_index: int) -> tuple[Span, ...]:
        """Top-level comma-separated pieces between two matched brackets (exclusive)."""
        kinds = self.tokens.kinds
        if all(kinds[k] == COMMENT for k in range(open_index + 1, close_index)):
            return ()
        return self._split(open_index, close_index, angles=False)

    def template_args(self, open_index: int) -> tuple[tuple[Span, ...], int] | None:
        """The top-level arguments of the template argument list that opens at the `<` token
        open_index, and the index of the `>` that closes it (None: not such a list). A nested
        list, and brackets, are one argument's: `Box<int, 2>`, `(A > 0) ? 2 : 4`."""
        close = self._angle_close(open_index)
        if close is None:
            return None
        return self._split(open_index, close, angles=True), close

    def _split(self, open_index: int, close_index: int, *, angles: bool) -> tuple[Span, ...]:
        """The pieces between open_index and close_index at commas outside nested brackets
        (and, with angles, nested template argument lists)."""
        toks = self.tokens
        kinds = toks.kinds
        pieces: list[Span] = []
        first = i = open_index + 1
        while i < close_index:
            if kinds[i] == PUNCT:
                t = toks.raw(i)
                inner = (self.partner_of(i) if t in _OPEN
                         else self._angle_close(i) if angles and t == b"<" else None)
                if inner is not None and inner < close_index:
                    i = inner + 1
                    continue
                if t == b",":
                    pieces.append(self._span(first, i - 1))
                    first = i + 1
            i += 1
        pieces.append(self._span(first, close_index - 1))
        return tuple(pieces)

    def _span(self, first: int, last: int) -> Span:
        toks = self.tokens
        kinds = toks.kinds
        while first <= last and kinds[first] == COMMENT:
            first += 1
        while last >= first and kinds[last] == COMMENT:
            last -= 1
        if last < first:
            pos = toks.start(first) if first < len(toks) else len(self.data)
            return Span(first, last, pos, pos)
        return Span(first, last, toks.start(first), toks.end(last))

    def text(self, span: Span) -> bytes:
        return self.data[span.start : span.end]

    def code_text(self, span: Span, separator: bytes = b" ") -> bytes:
        """The span's tokens without comments, joined by separator (b"" compacts them)."""
        toks = self.tokens
        return separator.join(toks.raw(k) for k in range(span.first, span.last + 1)
                              if toks.kinds[k] != COMMENT)

    # --- calls and launches ------------------------------------------------------------------
    def call_at(self, name_index: int) -> Call | None:
        """The call whose callee name is token name_index (`f(...)` or `f<...>(...)`)."""
        toks = self.tokens
        n = len(toks)
        j = self.next_code(name_index)
        if j is not None and toks.raw(j) == b"<":
            close = self._angle_close(j)
            if close is None:
                return None
            j = self.next_code(close)
        if j is None or j >= n or toks.raw(j) != b"(":
            return None
        close_paren = self.partner_of(j)
        if close_paren is None:
            return None
        return Call(name_index, j, close_paren, self.split_args(j, close_paren))

    def opener_of(self, close_index: int, limit: int = 5000) -> int | None:
        """The matching `(` or `[` of a `)` or `]`, scanning backward; None past a statement
        boundary (`;`, `{`, `}`) or `limit` tokens."""
        toks = self.tokens
        closing = toks.raw(close_index)
        opening = {b")": b"(", b"]": b"["}.get(closing)
        if opening is None:
            return None
        depth = 0
        for k in range(close_index, max(-1, close_index - limit), -1):
            t = toks.raw(k)
            if t == closing:
                depth += 1
            elif t == opening:
                depth -= 1
                if depth == 0:
                    return k
            elif t in (b";", b"{", b"}"):
                return None
        return None

    def _angle_close(self, open_index: int) -> int | None:
        """Matching '>' of a template argument list starting at '<' (None if not one)."""
        toks = self.tokens
        kinds = toks.kinds
        depth = 0
        i = open_index
        limit = min(len(toks), open_index + 400)
        while i < limit:
            if kinds[i] == PUNCT:
                t = toks.raw(i)
                if t == b"<":
                    depth += 1
                elif t == b">":
                    depth -= 1
                    if depth == 0:
                        return i
                elif t == b">>":
                    depth -= 2
                    if depth <= 0:
                        return i
                elif t in (b"(", b"[", b"{"):
                    match = self.partner_of(i)
                    if match is None:
                        return None
                    i = match
                elif t in _STOP_ANGLE:
                    return None
            i += 1
        return None

    @cached_property
    def chevrons(self) -> tuple[int, ...]:
        """Every `<<<` token."""
        out = []
        toks = self.tokens
        data = self.data
        pos = data.find(b"<<<")
        while pos != -1:
            i = toks.index_at(pos)
            pos = data.find(b"<<<", pos + 3)
            if i < len(toks) and toks.kinds[i] == PUNCT and toks.raw(i) == b"<<<":
                out.append(i)
        return tuple(out)

    @cached_property
    def launches(self) -> tuple[Launch, ...]:
        out = []
        toks = self.tokens
        data = self.data
        for i in self.chevrons:
            launch = self._launch_at(i)
            if launch is not None:
                out.append(launch)
        # `k << < g, b >> > (args)`: nvcc accepts the chevrons spaced apart (clang does not).
        # Last first: a scan that reaches a later launch's `<< <` ends where that one's did.
        spaced_ends: dict[int, int | None] = {}
        for m in reversed(list(_SPACED_CHEVRONS.finditer(data))):
            i = toks.index_at(m.start())
            if (i + 1 < len(toks) and toks.start(i) == m.start() and toks.raw(i) == b"<<"
                    and toks.raw(i + 1) == b"<"):
                launch = self._spaced_launch_at(i, spaced_ends)
                if launch is not None:
                    out.append(launch)
        return tuple(sorted(out, key=lambda launch: launch.open_index))

    def _spaced_close(self, i: int, ends: dict[int, int | None]) -> int | None:
        """The `>>` of `>> >` closing the spaced `<< <` at token i (None: none before a `;`, a
        brace or the enclosing bracket's end). Bracketed groups are skipped whole; `ends` holds
        the answers for later `<< <` (each token is then looked at by one scan only)."""
        toks = self.tokens
        kinds = toks.kinds
        n = len(toks) - 1
        k = i + 2
        found = None
        while k < n:
            if kinds[k] != PUNCT:
                k += 1
                continue
            t = toks.raw(k)
            if t in (b"(", b"["):
                partner = self.partner_of(k)
                if partner is None:
                    break
                k = partner + 1
                continue
            if t == b"<<" and k in ends:
                found = ends[k]  # the rest of this scan is that one's
                break
            if t in (b";", b"{", b"}", b")", b"]"):
                break
            if t == b">>" and toks.raw(k + 1) == b">":
                found = k
                break
            k += 1
        ends[i] = found
        return found

    def _spaced_launch_at(self, i: int, ends: dict[int, int | None]) -> Launch | None:
        """A launch whose `<<<` is the tokens `<<` `<` (i: the `<<`) and whose `>>>` is `>>` `>`;
        open_index and close_index are then the inner `<` and `>>`."""
        toks = self.tokens
        close = self._spaced_close(i, ends)
        if close is None:
            return None
        args_open = self.next_code(close + 1)
        if args_open is None or toks.raw(args_open) != b"(":
            return None
        args_close = self.partner_of(args_open)
        callee_first, template_args = self._callee_before(i)
        if args_close is None or callee_first is None:
            return None
        return Launch(
            callee=self._span(callee_first, i - 1), template_args=template_args,
            open_index=i + 1, close_index=close, config=self.split_args(i + 1, close),
            args_open=args_open, args_close=args_close,
            args=self.split_args(args_open, args_close),
        )

    def _launch_at(self, i: int) -> Launch | None:
        toks = self.tokens
        close = self.partner_of(i)
        if close is None:
            return None
        args_open = self.next_code(close)
        if args_open is None or toks.raw(args_open) != b"(":
            return None
        args_close = self.partner_of(args_open)
        if args_close is None:
            return None
        callee_first, template_args = self._callee_before(i)
        if callee_first is None:
            return None
        return Launch(
            callee=self._span(callee_first, i - 1),
            template_args=template_args,
            open_index=i,
            close_index=close,
            config=self.split_args(i, close),
            args_open=args_open,
            args_close=args_close,
            args=self.split_args(args_open, args_close),
        )

    def _callee_before(self, index: int) -> tuple[int | None, Span | None]:
        """First token of the (qualified, possibly templated) kernel name ending at index-1."""
        toks = self.tokens
        j = index - 1
        template_args = None
        if j >= 0 and toks.raw(j) in (b">", b">>"):
            depth = 0
            k = j
            stop = j - 400  # as _angle_close: `a > b > ... > k<<<` must not scan back far
            while k >= 0:
                if k == stop:
                    return None, None
                t = toks.raw(k)
                if t == b">":
                    depth += 1
                elif t == b">>":
                    depth += 2
                elif t == b"<":
                    depth -= 1
                    if depth == 0:
                        break
                elif t in (b";", b"{", b"}"):
                    return None, None
                k -= 1
            if k < 0:
                return None, None
            template_args = self._span(k + 1, j - 1)
            j = k - 1
        if j < 0 or toks.kinds[j] not in (IDENT, KEYWORD):
            return None, None
        first = j
        while first >= 2 and toks.raw(first - 1) == b"::" and toks.kinds[first - 2] == IDENT:
            first -= 2
        if first >= 1 and toks.raw(first - 1) == b"::":
            first -= 1
        return first, template_args

    # --- neighbours --------------------------------------------------------------------------
    def prev_code(self, i: int) -> int | None:
        kinds = self.tokens.kinds
        j = i - 1
        while j >= 0 and kinds[j] == COMMENT:
            j -= 1
        return j if j >= 0 else None

    def next_code(self, i: int) -> int | None:
        kinds = self.tokens.kinds
        n = len(kinds)
        j = i + 1
        while j < n and kinds[j] == COMMENT:
            j += 1
        return j if j < n else None


class _BracketStack:
    """The open brackets of one scan (the code outside directives, or one directive)."""

    __slots__ = ("chevrons", "pairs", "stack")

    def __init__(self, pairs: dict[int, int]) -> None:
        self.pairs = pairs
        self.stack: list[tuple[int, bytes]] = []
        self.chevrons: list[int] = []  # positions in stack of the <<< not ended by a `;`

    def clear(self) -> None:
        self.stack.clear()
        self.chevrons.clear()

    def feed(self, i: int, t: bytes) -> None:
        stack = self.stack
        if t in _OPEN:
            if t == b"<<<":
                self.chevrons.append(len(stack))
            stack.append((i, t))
        elif t in _CLOSE:
            if not stack:
                return
            opener, text = stack[-1]
            if text != _CLOSE[t]:
                self.clear()  # mismatched: every bracket open here gives up rather than guess
                return
            stack.pop()
            if text == b"<<<":
                if not self.chevrons or self.chevrons[-1] != len(stack):
                    return  # a `;` ended this launch configuration already
                self.chevrons.pop()
            self.pairs[opener] = i
        elif t == b";":
            self.chevrons.clear()  # a launch configuration never holds a `;`


_LINE_STOPS = re.compile(rb"[\n/\"']")  # what can end or extend a logical line


def _logical_line_end(data: bytes, offset: int) -> int:
    """End of the line at offset, following backslash continuations and block comments."""
    n = len(data)
    i = offset
    search = _LINE_STOPS.search
    while True:
        m = search(data, i)  # the bytes between cannot matter: skipped at C speed
        if m is None:
            return n
        i = m.start()
        c = data[i]
        if c == 0x0A:
            j = i - 1
            if j >= 0 and data[j] == 0x0D:
                j -= 1
            if j >= 0 and data[j] == 0x5C:  # backslash continuation
                i += 1
                continue
            return i
        if c == 0x2F:
            after = data[i + 1] if i + 1 < n else -1
            if after == 0x2A:  # /* ... */ may span lines
                close = data.find(b"*/", i + 2)
                if close == -1:
                    return n
                i = close + 2
            elif after == 0x2F:  # // comment runs to the line end
                i = data.find(b"\n", i)
                if i == -1:
                    return n
            else:
                i += 1
            continue
        # a string or char literal: skip to its end
        j = i + 1
        while j < n and data[j] != c and data[j] != 0x0A:
            j += 2 if data[j] == 0x5C else 1
        i = j + 1


__all__ = [
    "COMMENT", "IDENT", "KEYWORD", "LITERAL", "PUNCT",
    "Call", "Directive", "Include", "Launch", "Span", "Syntax",
]
