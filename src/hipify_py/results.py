"""Per-file results as plain, picklable values (what workers return and caches store)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hipify_py.reporting.diagnostics import CATALOGUE, Diagnostic


class FileStatus(enum.StrEnum):
    UNCHANGED = "unchanged"  # read and checked; nothing to translate
    TRANSLATED = "translated"  # output differs from input
    SKIPPED = "skipped"  # not translated on purpose (binary, symlink loop, ...): reported
    FAILED = "failed"  # could not be read or translated: reported


@dataclass(frozen=True, slots=True)
class FileStats:
    """What hipify-clang's --print-stats reports, per file; Report sums them."""

    lines: int = 0
    bytes: int = 0
    changed_lines: int = 0
    # (family, cuda name) -> count of references translated / left untranslated
    converted: Mapping[tuple[str, str], int] = field(default_factory=dict)
    unconverted: Mapping[tuple[str, str], int] = field(default_factory=dict)
    kernel_launches: int = 0

    def __reduce__(self) -> tuple[Any, ...]:  # a constructor call: see Diagnostic.__reduce__
        return (FileStats, (self.lines, self.bytes, self.changed_lines, self.converted,
                            self.unconverted, self.kernel_launches))


@dataclass(frozen=True, slots=True)
class FileResult:
    path: str  # as the user named it (relative paths stay relative)
    status: FileStatus
    output: bytes | None = None  # translated bytes (None when skipped/failed)
    diagnostics: tuple[Diagnostic, ...] = ()
    stats: FileStats = field(default_factory=FileStats)
    # Local headers this file includes with #include "..." that resolved on disk (absolute paths),
    # so a tree run can translate them too.
    local_includes: tuple[str, ...] = ()
    # In a shim run: what a compatibility shim must provide for this file (shim/needs.py,
    # filled in by port/dispatch.py).
    shim: Any = None
    # Names this file uses that the target HIP lacks and hipify_supplied.h supplies.
    supplied: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:  # a constructor call: see Diagnostic.__reduce__
        return (FileResult, (self.path, self.status, self.output, self.diagnostics, self.stats,
                             self.local_includes, self.shim, self.supplied))

    @classmethod
    def problem(cls, path: str, code: str, message: str, status: FileStatus,
                suggestion: str | None = None) -> FileResult:
        """No output, and one diagnostic on line 1 saying why (a file that is not read,
        not parsed or not copied; a shim file out of date)."""
        return cls(path, status, None, (Diagnostic(code, CATALOGUE[code].severity, path, 1, 1,
                                                   message, None, suggestion),))

    @property
    def changed(self) -> bool:
        return self.status is FileStatus.TRANSLATED
