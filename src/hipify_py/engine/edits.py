"""Byte-range edits on the original bytes: plan them (sort, dedupe, reject overlaps), then apply.

Rules never touch text; they yield Edit values. Keeping the plan and the application separate
means a conflict is detected before anything is written, and the file is then left unchanged.

Most edits replace a range with fixed bytes. A *composite* edit (a kernel launch rewritten to
hipLaunchKernelGGL, arguments moved or removed) instead rebuilds its range from pieces: fixed
bytes and references to ranges of the original. Edits that lie inside a referenced range are
applied to that piece, so a renamed identifier inside a moved argument is still renamed; edits
inside text the composite drops are dropped with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

Piece = bytes | tuple[int, int]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace data[start:end] with text (an insertion when start == end), or with pieces."""

    start: int
    end: int
    text: bytes = b""
    rule: str = ""
    pieces: tuple[Piece, ...] | None = None  # composite: fixed bytes and original ranges

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise ValueError(f"bad edit range {self.start}..{self.end}")
        if self.pieces is not None:
            for piece in self.pieces:
                if isinstance(piece, tuple) and not self.start <= piece[0] <= piece[1] <= self.end:
                    raise ValueError(f"piece {piece} outside edit {self.start}..{self.end}")

    @property
    def composite(self) -> bool:
        return self.pieces is not None

    def key(self) -> tuple[int, int, bytes, tuple[Piece, ...] | None]:
        return (self.start, self.end, self.text, self.pieces)


class Conflict(NamedTuple):
    """Two edits that overlap."""

    first: Edit
    second: Edit


class Plan(NamedTuple):
    """A file's edits in order, and those that conflict."""

    edits: tuple[Edit, ...]  # sorted, duplicates dropped
    conflicts: tuple[Conflict, ...]

    @property
    def ok(self) -> bool:
        return not self.conflicts


def plan_edits(edits: Iterable[Edit]) -> Plan:
    """Sort edits, drop exact duplicates, and report every pair that conflicts.

    Two insertions at the same offset keep the order the rules produced them in. An insertion
    at the boundary of a replacement does not conflict with it. An edit nested inside a composite
    is fine when it lies within one of the composite's pieces or wholly in dropped text.
    """
    unique: dict[tuple[int, int, bytes, tuple[Piece, ...] | None], Edit] = {}
    for edit in edits:
        unique.setdefault(edit.key(), edit)
    ordered = tuple(sorted(unique.values(), key=_order))
    conflicts: list[Conflict] = []
    _check(ordered, conflicts)
    return Plan(ordered, tuple(conflicts))


def _order(edit: Edit) -> tuple[int, int, int, int]:
    # Insertions first at an offset, then longer ranges before the ranges they contain; of two
    # edits of one range the composite comes first, so it contains the other.
    return (edit.start, 0 if edit.start == edit.end else 1, -edit.end, 0 if edit.composite else 1)


def _contains(outer: Edit, inner: Edit) -> bool:
    if outer.start == outer.end:
        return False
    if inner.start == inner.end:  # an insertion at a boundary applies outside
        return outer.start < inner.start < outer.end
    return outer.start <= inner.start and inner.end <= outer.end


def _check(edits: tuple[Edit, ...], conflicts: list[Conflict]) -> None:
    """Check sorted edits at one nesting level; the edits inside a composite (which follow it
    directly in sort order) are checked against its pieces and then among themselves."""
    i = 0
    n = len(edits)
    last: Edit | None = None
    while i < n:
        edit = edits[i]
        i += 1
        if last is not None and _overlaps(last, edit):
            conflicts.append(Conflict(last, edit))
            continue
        last = edit
        if not edit.composite:
            continue
        j = i
        while j < n and _contains(edit, edits[j]):
            j += 1
        inner = edits[i:j]
        i = j
        for piece in edit.pieces or ():
            if isinstance(piece, tuple):
                a, b = piece
                for e in inner:
                    if e.start < a < e.end or e.start < b < e.end:
                        conflicts.append(Conflict(edit, e))
        _check(inner, conflicts)


def _overlaps(a: Edit, b: Edit) -> bool:
    """a sorts before b. Replacements overlap when they share a byte; an insertion overlaps a
    replacement only when it lies strictly inside it (at a boundary it is unambiguous)."""
    if a.start == a.end:
        return False
    return b.start < a.end and (b.start != b.end or b.start > a.start)


def apply_edits(data: bytes, edits: tuple[Edit, ...]) -> bytes:
    """Apply planned (sorted, conflict-free) edits; untouched bytes are copied as they are."""
    if not edits:
        return data
    return _render(data, 0, len(data), edits)


def _render(data: bytes, start: int, end: int, edits: tuple[Edit, ...]) -> bytes:
    """The bytes of data[start:end] with the edits that lie in that range applied."""
    parts: list[bytes] = []
    pos = start
    i = 0
    n = len(edits)
    while i < n:
        edit = edits[i]
        i += 1
        if edit.end < start or edit.start > end or edit.start < pos:
            continue
        if edit.start == edit.end and not start <= edit.start <= end:
            continue
        parts.append(data[pos : edit.start])
        if edit.pieces is None:
            parts.append(edit.text)
        else:
            inner = []
            while i < n and _contains(edit, edits[i]):
                inner.append(edits[i])
                i += 1
            nested = tuple(inner)
            for piece in edit.pieces:
                if isinstance(piece, tuple):
                    parts.append(_render(data, piece[0], piece[1], _within(nested, *piece)))
                else:
                    parts.append(piece)
        pos = edit.end
    parts.append(data[pos:end])
    return b"".join(parts)


def _within(edits: tuple[Edit, ...], a: int, b: int) -> tuple[Edit, ...]:
    return tuple(e for e in edits if a <= e.start and e.end <= b)
