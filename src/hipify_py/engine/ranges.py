"""Byte ranges asked "is this offset inside one of you?" many times over.

Rules ask it once per token or per name: a scan of every range per question is quadratic in a
file of thousands of #if branches, extern "C" blocks or namespaces (issue 30). The union of the
ranges, bisected, answers in logarithmic time.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable


class Ranges:
    """The union of half-open byte ranges [start, end)."""

    __slots__ = ("_ends", "_starts")

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        starts: list[int] = []
        ends: list[int] = []
        for a, b in sorted(r for r in ranges if r[0] < r[1]):
            if ends and a <= ends[-1]:
                ends[-1] = max(ends[-1], b)
            else:
                starts.append(a)
                ends.append(b)
        self._starts = starts
        self._ends = ends

    def __contains__(self, offset: int) -> bool:
        k = bisect.bisect_right(self._starts, offset) - 1
        return k >= 0 and offset < self._ends[k]

    def __bool__(self) -> bool:
        return bool(self._starts)


NO_RANGES = Ranges(())
