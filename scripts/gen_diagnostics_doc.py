#!/usr/bin/env python3
"""Write docs/diagnostics.md from the diagnostic catalogue (hipify_py.reporting.diagnostics.CATALOGUE).

    python scripts/gen_diagnostics_doc.py [--check]

tests/test_catalogue.py fails when the committed file is out of date.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from pathlib import Path

from hipify_py.reporting.diagnostics import CATALOGUE

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "diagnostics.md"
GOLDEN = ROOT / "tests" / "golden"
_EXPECT = re.compile(r"\s*(?://|/\*)\s*expect(?:\[[\w,]+\])?:\s*([A-Z0-9_, ]+?)\s*(?:\*/)?\s*$")


def _line_map(before: list[str], after: list[str]) -> dict[int, int]:
    """Input line index -> output line index, where the translation kept the line's place (a
    deleted include has none)."""
    mapping: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            mapping.update(zip(range(i1, i2), range(j1, j2), strict=True))
    return mapping


def examples() -> dict[str, tuple[str, int, str, str]]:
    """code -> (golden case, line, CUDA line, its translation): the first golden test line that
    expects the code, so every example is one the test suite checks."""
    found: dict[str, tuple[str, int, str, str]] = {}
    for source in sorted(GOLDEN.rglob("*")):
        if source.suffix not in (".cu", ".cuh", ".cpp", ".h", ".c") or not source.is_file():
            continue
        expected = source.with_name(source.name + ".hip")
        if not expected.is_file():
            continue
        before = source.read_text(encoding="utf-8", errors="replace").splitlines()
        after = expected.read_text(encoding="utf-8", errors="replace").splitlines()
        counterpart = _line_map(before, after)
        for number, line in enumerate(before, 1):
            m = _EXPECT.search(line)
            if m is None:
                continue
            cuda = line[: m.start()].rstrip()
            other = counterpart.get(number - 1)
            hip = ""
            if other is not None:
                n = _EXPECT.search(after[other])
                hip = after[other][: n.start()].rstrip() if n else after[other]
            for code in (c.strip() for c in m.group(1).split(",")):
                if code and cuda.strip():
                    found.setdefault(code, (str(source.relative_to(ROOT)), number, cuda, hip))
    return found


def render() -> str:
    lines = [
        "# hipify-py diagnostics",
        "",
        "Generated from `hipify_py.reporting.diagnostics.CATALOGUE` by `scripts/gen_diagnostics_doc.py`; do not",
        "edit. Codes are stable: a code never changes meaning, new findings get new codes.",
        "",
        "Severity follows what the finding means for the port: **error** where the translated code",
        "will not build or cannot behave the same on AMD, **warning** where it builds but may be",
        "wrong or slow, **note** for information. `--fail-on` picks the level that fails a run;",
        "`--ignore CODE`, `// hipify-py: ignore[CODE]` and `--baseline` accept findings.",
        "",
        "| code | name | severity | category | meaning |",
        "|---|---|---|---|---|",
    ]
    for info in CATALOGUE.values():
        lines.append(f"| {info.code} | `{info.name}` | {info.severity.label} | {info.category} | "
                     f"{info.summary} |")
    lines.append("")
    shown = examples()
    for info in CATALOGUE.values():
        lines += [f"## {info.code} {info.name}", "",
                  f"*{info.severity.label}, {info.category}*: {info.summary}.", "", info.help, ""]
        if info.code in shown:
            case, number, cuda, hip = shown[info.code]
            lines += [f"Example ({case}, line {number}):", "", "```cuda", cuda.strip()]
            if hip and hip.strip() != cuda.strip():
                lines += ["// becomes", hip.strip()]
            lines += ["```", ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = parser.parse_args()
    text = render()
    if args.check:
        return 0 if DOC.exists() and DOC.read_text() == text else 1
    DOC.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
