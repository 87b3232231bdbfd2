"""A run's report as one value: results, totals, statistics, an effort estimate, the exit code.

Pure: no I/O. The renderers (render.py) turn it into text, JSON, SARIF, HTML and Markdown, so
every format shows the same numbers.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from hipify_py.reporting.diagnostics import CATALOGUE, Diagnostic, Severity
from hipify_py.results import FileResult, FileStatus
from hipify_py.settings import Settings

# Minutes of a person's time per finding, by catalogue category, for the effort estimate.
# Deliberately coarse: an API with no equivalent or inline PTX means rewriting code; a
# warp-size hazard means reading a kernel; a note costs nothing. The report shows the range
# (x0.5 .. x2) rather than pretending to precision.
EFFORT_MINUTES: dict[str, int] = {
    "device": 60,  # inline PTX, dynamic parallelism
    "types": 20,
    "warp-size": 10,
    "header": 15,
    "preprocessor": 10,
    "version": 15,
    "api": 10,
    "compile": 15,
    "translator": 10,
    "input": 2,
    "output": 2,
    "parser": 0,
}
_FAMILY_API_MINUTES = 15  # unsupported API of a family (categories named after the family)


def effort_minutes(diagnostic: Diagnostic) -> int:
    if diagnostic.severity is Severity.NOTE:
        return 0
    category = CATALOGUE[diagnostic.code].category
    return EFFORT_MINUTES.get(category, _FAMILY_API_MINUTES)


@dataclass(frozen=True, slots=True)
class Totals:
    files: int = 0
    by_status: dict[str, int] = field(default_factory=dict)
    lines: int = 0
    bytes: int = 0
    changed_lines: int = 0
    kernel_launches: int = 0
    converted: int = 0
    unconverted: int = 0
    by_severity: dict[str, int] = field(default_factory=dict)
    by_code: dict[str, int] = field(default_factory=dict)
    by_family: dict[str, dict[str, int]] = field(default_factory=dict)  # family -> severity -> n

    @property
    def changed_percent(self) -> float:
        return 100.0 * self.changed_lines / self.lines if self.lines else 0.0


@dataclass(frozen=True, slots=True)
class Report:
    results: tuple[FileResult, ...]
    diagnostics: tuple[Diagnostic, ...]
    totals: Totals
    # --print-stats: family -> name -> references
    converted: dict[str, dict[str, int]]
    unconverted: dict[str, dict[str, int]]
    tool_version: str
    settings: Settings
    elapsed: float
    created: str
    effort_minutes: int
    files_copied: int = 0  # --output-dir: the tree's other files, copied as they are

    @classmethod
    def from_results(cls, results: Sequence[FileResult], *, tool_version: str,
                     settings: Settings, elapsed: float, files_copied: int = 0) -> Report:
        ordered = tuple(sorted(results, key=lambda r: r.path))
        diagnostics = tuple(sorted((d for r in ordered for d in r.diagnostics),
                                   key=Diagnostic.sort_key))
        # defaultdicts: setdefault(family, Counter()) built a Counter per reference
        converted: defaultdict[str, Counter[str]] = defaultdict(Counter)
        unconverted: defaultdict[str, Counter[str]] = defaultdict(Counter)
        for r in ordered:
            for (family, name), n in r.stats.converted.items():
                converted[family][name] += n
            for (family, name), n in r.stats.unconverted.items():
                unconverted[family][name] += n
        by_family: defaultdict[str, Counter[str]] = defaultdict(Counter)
        for d in diagnostics:
            family = d.family or CATALOGUE[d.code].category
            by_family[family][d.severity.label] += 1
        totals = Totals(
            files=len(ordered),
            by_status=dict(Counter(r.status.value for r in ordered)),
            lines=sum(r.stats.lines for r in ordered),
            bytes=sum(r.stats.bytes for r in ordered),
            changed_lines=sum(r.stats.changed_lines for r in ordered),
            kernel_launches=sum(r.stats.kernel_launches for r in ordered),
            converted=sum(sum(c.values()) for c in converted.values()),
            unconverted=sum(sum(c.values()) for c in unconverted.values()),
            by_severity=dict(Counter(d.severity.label for d in diagnostics)),
            by_code=dict(sorted(Counter(d.code for d in diagnostics).items())),
            by_family={f: dict(c) for f, c in sorted(by_family.items())},
        )
        return cls(
            results=ordered,
            diagnostics=diagnostics,
            totals=totals,
            converted={f: dict(sorted(c.items())) for f, c in sorted(converted.items())},
            unconverted={f: dict(sorted(c.items())) for f, c in sorted(unconverted.items())},
            tool_version=tool_version,
            settings=settings,
            elapsed=elapsed,
            created=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            effort_minutes=sum(effort_minutes(d) for d in diagnostics),
            files_copied=files_copied,
        )

    @property
    def effort_hours(self) -> tuple[float, float]:
        """A (low, high) range in person-hours."""
        hours = self.effort_minutes / 60
        return round(hours * 0.5, 1), round(hours * 2, 1)

    def exit_code(self, fail_on: Severity | None) -> int:
        """1 when a finding reaches fail_on or a file was skipped or could not be processed."""
        if any(r.status in (FileStatus.FAILED, FileStatus.SKIPPED) for r in self.results):
            return 1
        if fail_on is not None and any(d.severity >= fail_on for d in self.diagnostics):
            return 1
        return 0
