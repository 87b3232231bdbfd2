"""Work counted, not timed: the lines of hipify-py's own code that a call runs (sys.settrace).
A bound on that holds on any machine and under any load; a scan that is quadratic shows as
work that quadruples when its input doubles."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

import hipify_py

T = TypeVar("T")
_PACKAGE = os.path.dirname(hipify_py.__file__)


class WorkExceeded(AssertionError):
    """The call ran more lines than its budget (stopped there, not left to run on)."""


def count_lines(call: Callable[[], T], budget: int | None = None) -> tuple[T, int]:
    """Run call(); return its result and the number of lines of hipify_py it ran. Past
    `budget` lines, WorkExceeded is raised inside the call, which ends it."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
            if budget is not None and count > budget:
                raise WorkExceeded(f"more than {budget} lines of hipify_py run")
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename.startswith(_PACKAGE) else None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        result = call()
    finally:
        sys.settrace(previous)
    return result, count
