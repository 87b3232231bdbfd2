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

import bisect
from collections.abc import Iterable, Iterator
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
    """Check sorted edits level by level: each against the one before it at its level (inside
    the same composite, or at the top), and each inside a composite against that composite's
    pieces. (One pass with a stack of the composites open: recursing per level was quadratic,
    and past 1,000 levels a RecursionError, in calls nested in calls; issue 30.) An edit that
    crosses none of its composite's pieces crosses none of theirs around it."""
    # per open level: [the composite (None: the top), the last edit kept at that level]
    levels: list[list[Edit | None]] = [[None, None]]
    for edit in edits:
        while len(levels) > 1 and not _contains(levels[-1][0], edit):  # type: ignore[arg-type]
            levels.pop()
        level = levels[-1]
        last = level[1]
        if last is not None and _overlaps(last, edit):
            conflicts.append(Conflict(last, edit))
            continue
        level[1] = edit
        outer = level[0]
        if outer is not None:
            for piece in outer.pieces or ():
                if isinstance(piece, tuple):
                    a, b = piece
                    if edit.start < a < edit.end or edit.start < b < edit.end:
                        conflicts.append(Conflict(outer, edit))
        if edit.composite:
            levels.append([edit, None])


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
    keys = [(e.start, 0 if e.start == e.end else 1) for e in edits]  # the sort order's head
    ends = _group_ends(edits)
    parts: list[bytes] = []
    # A stack of ranges being rendered, not recursion: composites nest as deep as calls do.
    stack = [_render(data, 0, len(data), edits, 0, len(edits), keys, ends)]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
        elif isinstance(item, bytes):
            parts.append(item)
        else:
            a, b, lo, hi = item
            stack.append(_render(data, a, b, edits, *_within(keys, a, b, lo, hi), keys, ends))
    return b"".join(parts)


def _render(data: bytes, start: int, end: int, edits: tuple[Edit, ...], lo: int, hi: int,
            keys: list[tuple[int, int]], ends: list[int],
            ) -> Iterator[bytes | tuple[int, int, int, int]]:
    """The bytes of data[start:end] with edits[lo:hi] (those in that range) applied; a range
    of the original that a composite keeps is yielded as (start, end, and the bounds of the
    edits the composite contains), rendered in turn."""
    pos = start
    i = lo
    while i < hi:
        edit = edits[i]
        i += 1
        if edit.end < start or edit.start > end or edit.start < pos:
            continue
        if edit.start == edit.end and not start <= edit.start <= end:
            continue
        yield data[pos : edit.start]
        if edit.pieces is None:
            yield edit.text
        else:
            inside = min(ends[i - 1], hi)  # the edits inside it are its pieces' (or dropped)
            for piece in edit.pieces:
                yield piece if isinstance(piece, bytes) else (*piece, i, inside)
            i = inside
        pos = edit.end
    yield data[pos:end]


def _group_ends(edits: tuple[Edit, ...]) -> list[int]:
    """For each composite, the index after the last edit it contains (they follow it)."""
    ends = [0] * len(edits)
    open_: list[int] = []
    for k, edit in enumerate(edits):
        while open_ and not _contains(edits[open_[-1]], edit):
            ends[open_.pop()] = k
        if edit.composite:
            open_.append(k)
    for k in open_:
        ends[k] = len(edits)
    return ends


def _within(keys: list[tuple[int, int]], a: int, b: int, lo: int, hi: int) -> tuple[int, int]:
    """Of the edits lo..hi (a composite's), those inside [a, b]: from the first that starts at
    a, through the insertions at b (a replacement starting at b lies outside)."""
    return bisect.bisect_left(keys, (a, 0), lo, hi), bisect.bisect_right(keys, (b, 0), lo, hi)
