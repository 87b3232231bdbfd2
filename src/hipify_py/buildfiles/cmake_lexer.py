"""CMake's command syntax, as far as porting needs it: command invocations and their arguments,
with byte offsets, comments left out (cmake-language(7): line and bracket comments, quoted,
bracket and unquoted arguments)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NAME = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
_BRACKET_OPEN = re.compile(rb"\[(=*)\[")
_SPACE = b" \t\r\n"


@dataclass(frozen=True, slots=True)
class Arg:
    text: bytes  # as written, quotes included
    start: int
    end: int

    @property
    def quoted(self) -> bool:
        return self.text[:1] in (b'"', b"[")

    @property
    def value(self) -> bytes:
        """The text without its quotes (escapes left as they are)."""
        if self.text[:1] == b'"':
            return self.text[1:-1] if len(self.text) > 1 and self.text.endswith(b'"') else self.text[1:]
        m = _BRACKET_OPEN.match(self.text)
        if m is not None:
            return self.text[m.end() : len(self.text) - len(m.group())]
        return self.text

    @property
    def value_start(self) -> int:
        if self.text[:1] == b'"':
            return self.start + 1
        m = _BRACKET_OPEN.match(self.text)
        return self.start + (m.end() if m is not None else 0)


@dataclass(frozen=True, slots=True)
class Command:
    name: str  # lower case (CMake command names are case-insensitive)
    start: int  # where the name starts
    end: int  # just after the closing parenthesis
    args: tuple[Arg, ...]

    def arg_values(self) -> list[str]:
        return [a.value.decode("utf-8", "replace") for a in self.args]


def commands(data: bytes) -> list[Command]:
    out: list[Command] = []
    pos, n = _skip_blanks(data, 0), len(data)
    while pos < n:
        m = _NAME.match(data, pos)
        k = m.end() if m is not None else pos
        while k < n and data[k : k + 1] in (b" ", b"\t"):
            k += 1
        if m is None or data[k : k + 1] != b"(":
            pos = _skip_blanks(data, _line_end(data, pos))
            continue
        args, end = _arguments(data, k + 1)
        out.append(Command(m.group().decode().lower(), m.start(), end, tuple(args)))
        pos = _skip_blanks(data, end)
    return out


def _skip_blanks(data: bytes, pos: int) -> int:
    """Past whitespace and comments."""
    while pos < len(data):
        c = data[pos : pos + 1]
        if c in (b" ", b"\t", b"\r", b"\n"):
            pos += 1
        elif c == b"#":
            pos = _skip_comment(data, pos)
        else:
            break
    return pos


def _arguments(data: bytes, pos: int) -> tuple[list[Arg], int]:
    """The arguments after `(` at pos-1, and the offset after the matching `)`."""
    args: list[Arg] = []
    depth, n = 0, len(data)
    while (pos := _skip_blanks(data, pos)) < n:
        c = data[pos : pos + 1]
        if c == b"(":
            depth += 1
            pos += 1
        elif c == b")":
            if depth == 0:
                return args, pos + 1
            depth -= 1
            pos += 1
        elif c == b'"':
            end = pos + 1
            while end < n and data[end : end + 1] != b'"':
                end += 2 if data[end : end + 1] == b"\\" else 1
            end = min(end + 1, n)
            args.append(Arg(data[pos:end], pos, end))
            pos = end
        elif (m := _BRACKET_OPEN.match(data, pos)) is not None:
            close = data.find(b"]" + m.group(1) + b"]", m.end())
            end = n if close == -1 else close + len(m.group())
            args.append(Arg(data[pos:end], pos, end))
            pos = end
        else:
            end = pos
            while end < n and data[end : end + 1] not in (b" ", b"\t", b"\r", b"\n", b"(", b")"):
                end += 2 if data[end : end + 1] == b"\\" else 1
            end = min(end, n)
            args.append(Arg(data[pos:end], pos, end))
            pos = end
    return args, n


def _skip_comment(data: bytes, pos: int) -> int:
    m = _BRACKET_OPEN.match(data, pos + 1)
    if m is not None:
        close = data.find(b"]" + m.group(1) + b"]", m.end())
        return len(data) if close == -1 else close + len(m.group())
    return _line_end(data, pos)


def _line_end(data: bytes, pos: int) -> int:
    nl = data.find(b"\n", pos)
    return len(data) if nl == -1 else nl + 1
