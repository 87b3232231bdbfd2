"""Time hipify-py on pathological inputs at 1x, 2x and 4x their size: is every scan linear?

    python benchmarks/pathological.py [--lines 10000] [--only NAME ...] [--write DIR]

Each shape (tests/shapes.py) is one file of about --lines lines (and then twice and four times
that), made of a construct repeated: launches whose chevrons or argument lists never close,
includes repeated thousands of times, thousands of device functions, unclosed brackets, ... .
A linear scan takes about twice as long at twice the size; a quadratic one four times. The file is translated
in-process (translate_source, findings included; the mapping table is loaded once, outside the
timing). Nothing is asserted here: tests/test_scaling.py counts work instead of time.
--write DIR writes the inputs (at 1x) for a run of the command line.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from shapes import OPTIONS, SHAPES


def translate_seconds(name: str, text: str, table: object) -> float:
    from hipify_py.engine.translate import translate_source
    from hipify_py.settings import Settings
    path, options = OPTIONS.get(name, ("shape.cu", {}))
    settings = Settings(**options)  # type: ignore[arg-type]
    start = time.perf_counter()
    translate_source(text.encode(), path, table, settings)  # type: ignore[arg-type]
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10000)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--write", type=Path)
    a = parser.parse_args(argv)
    from hipify_py.tables.mappings import load_mapping_table
    table = load_mapping_table()
    names = a.only or list(SHAPES)
    if a.write:
        a.write.mkdir(parents=True, exist_ok=True)
        for name in names:
            suffix = Path(OPTIONS.get(name, ("shape.cu", {}))[0]).suffix
            (a.write / f"{name}{suffix}").write_text(SHAPES[name](a.lines))
        return 0
    print(f"{'shape':32} {'1x s':>8} {'2x s':>8} {'4x s':>8}  4x/1x   (1x = {a.lines} lines)")
    for name in names:
        times = [translate_seconds(name, SHAPES[name](a.lines * k), table) for k in (1, 2, 4)]
        ratio = times[2] / max(times[0], 1e-6)
        print(f"{name:32} {times[0]:8.2f} {times[1]:8.2f} {times[2]:8.2f}  {ratio:5.1f}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
