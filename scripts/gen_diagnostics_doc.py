#!/usr/bin/env python3
"""Write docs/diagnostics.md from the diagnostic catalogue (hipify_py.diagnostics.CATALOGUE).

    python scripts/gen_diagnostics_doc.py [--check]

tests/test_catalogue.py fails when the committed file is out of date.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hipify_py.diagnostics import CATALOGUE

DOC = Path(__file__).resolve().parents[1] / "docs" / "diagnostics.md"


def render() -> str:
    lines = [
        "# hipify-py diagnostics",
        "",
        "Generated from `hipify_py.diagnostics.CATALOGUE` by `scripts/gen_diagnostics_doc.py`; do not",
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
    for info in CATALOGUE.values():
        lines += [f"## {info.code} {info.name}", "",
                  f"*{info.severity.label}, {info.category}*: {info.summary}.", "", info.help, ""]
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
