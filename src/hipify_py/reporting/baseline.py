"""Baselines: accept the findings a project already knows about, so a gate fails only on new
ones.

A finding is identified by path, code, CUDA name and a hash of its source line's text (not its
line number), so edits elsewhere in the file do not invalidate the baseline. Counts make it a
multiset: two identical lines with the same finding need a count of 2.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from hipify_py.files import write_if_changed
from hipify_py.reporting.diagnostics import Diagnostic
from hipify_py.results import FileResult

FORMAT = "hipify-py/baseline"
VERSION = 1

Key = tuple[str, str, str, str]  # path, code, cuda name, line hash


def _line_hash(path: str, line: int, cache: dict[str, list[bytes]]) -> str:
    if path not in cache:
        try:
            cache[path] = Path(path).read_bytes().split(b"\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    text = lines[line - 1].strip() if 0 < line <= len(lines) else b""
    return hashlib.sha256(text).hexdigest()[:16]


def _keys(results: Sequence[FileResult]) -> list[tuple[Key, FileResult, Diagnostic]]:
    cache: dict[str, list[bytes]] = {}
    out = []
    for r in results:
        for d in r.diagnostics:
            key = (Path(d.path).as_posix(), d.code, d.cuda_name or "", _line_hash(d.path, d.line, cache))
            out.append((key, r, d))
    return out


def write_baseline(path: str, results: Sequence[FileResult]) -> None:
    counts = Counter(key for key, _, _ in _keys(results))
    entries = [
        {"path": k[0], "code": k[1], "cuda_name": k[2] or None, "line_hash": k[3], "count": n}
        for k, n in sorted(counts.items())
    ]
    doc = {"format": FORMAT, "version": VERSION, "findings": entries}
    write_if_changed(path, (json.dumps(doc, indent=2) + "\n").encode())


@dataclass(frozen=True, slots=True)
class Baseline:
    accepted: Counter[Key]

    def filter(self, results: Sequence[FileResult]) -> list[FileResult]:
        """The results with every accepted finding removed."""
        left = Counter(self.accepted)
        dropped: dict[int, set[int]] = {}
        for key, result, diag in _keys(results):
            if left[key] > 0:
                left[key] -= 1
                dropped.setdefault(id(result), set()).add(id(diag))
        out = []
        for r in results:
            gone = dropped.get(id(r))
            if gone:
                r = replace(r, diagnostics=tuple(d for d in r.diagnostics if id(d) not in gone))
            out.append(r)
        return out


def load_baseline(path: str) -> Baseline:
    """Raises OSError if unreadable and ValueError (naming the file) if malformed."""
    data = Path(path).read_bytes()
    try:
        doc = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        # not UTF-8, not JSON, an integer of more digits than Python converts, arrays nested
        # deeper than the decoder recurses
        reason = exc if isinstance(exc, ValueError) else "values nested too deeply"
        raise ValueError(f"{path}: not a hipify-py baseline: {reason}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path}: not a hipify-py baseline (no \"format\": \"{FORMAT}\")")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:  # (true and 1.0 equal 1)
        raise ValueError(f"{path}: baseline version {_shown(version)} is not {VERSION}")
    accepted: Counter[Key] = Counter()
    findings = doc.get("findings", [])
    if not isinstance(findings, list):
        raise ValueError(f"{path}: \"findings\" must be a list, not {_shown(findings)}")
    for k, entry in enumerate(findings):
        try:
            key = (str(entry["path"]), str(entry["code"]), str(entry.get("cuda_name") or ""),
                   str(entry["line_hash"]))
            count = entry.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise ValueError(count)  # 1e999 (inf), 2.5, "3", true: not a count
            accepted[key] += count
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ValueError(f"{path}: finding {k} is malformed: {_shown(entry)}") from None
    return Baseline(accepted)


def _shown(value: object) -> str:
    """A value for a message, at most a line of it (a finding may be a deep structure)."""
    try:
        text = repr(value)
    except RecursionError:
        text = f"a {type(value).__name__} nested too deeply"
    return text if len(text) <= 80 else text[:77] + "..."
