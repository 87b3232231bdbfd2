"""Benchmark hipify-py against PyTorch's regex hipify on one generated CUDA tree.

    python benchmarks/bench.py [--lines 200000] [--keep DIR] [--skip-torch] [--tree DIR]

--tree DIR measures a real CUDA tree (copied in) instead of a generated one.

Every figure is a whole process, start to exit, timed from outside (wall clock) with its peak
resident memory (the largest single process in its tree, from wait4). Measured, in one run:

* hipify-py cold: empty caches, whole tree, diagnostics on (translate --output-dir), --jobs 2;
* the same with --jobs 1 (for the 2-core speed-up), and `check` with --format json (reporting);
* translating alone (--quiet, no report) vs with the HTML+JSON reports (reporting overhead);
* hipify-py warm: the same command again, nothing changed (result cache);
* hipify-py on one 300-line file, process start included;
* the mapping table load, warm (compiled cache), in-process;
* torch.utils.hipify on the same tree (when torch is importable).
Nothing here is asserted: the figures go into the closing note and the README.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tree_generator import generate_tree


def measure(argv: list[str], env: dict[str, str], cwd: str | None = None,
            repeat: int = 1) -> tuple[float, float, int]:
    """(best wall seconds, peak RSS MB of the largest process, exit code) over `repeat` runs."""
    best, peak, code = float("inf"), 0.0, 0
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        stderr = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            raise SystemExit(f"{' '.join(argv)} failed ({code}):\n{stderr[-2000:]}")
        best = min(best, wall)
        peak = max(peak, usage.ru_maxrss / 1024)  # KiB on Linux
    return best, peak, code


SOURCE_SUFFIXES = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".inl")


def _copy_sources(tree: Path, dest: Path) -> tuple[int, int]:
    """The CUDA/C/C++ sources of a real tree, copied with their relative paths."""
    files = lines = 0
    for path in sorted(tree.rglob("*")):
        if path.is_file() and path.suffix in SOURCE_SUFFIXES and ".git" not in path.parts:
            target = dest / path.relative_to(tree)
            target.parent.mkdir(parents=True, exist_ok=True)
            data = path.read_bytes()
            target.write_bytes(data)
            files += 1
            lines += data.count(b"\n")
    return files, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=200_000, help="size of the generated tree")
    parser.add_argument("--keep", help="generate into this directory and keep it")
    parser.add_argument("--skip-torch", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="runs per warm measurement (best)")
    parser.add_argument("--tree", help="a real CUDA source tree to measure instead")
    args = parser.parse_args()

    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="hipify-bench-"))
    src = work / "src"
    if src.exists():
        shutil.rmtree(src)
    if args.tree:
        files, lines = _copy_sources(Path(args.tree), src)
    else:
        files, lines = generate_tree(src, args.lines, random.Random(2026))
    one_lines = generate_tree(work / "one", 300, random.Random(7), max_files=1)[1]
    one_file = next((work / "one").rglob("*.cu"))
    print(f"tree: {files} files, {lines} lines in {src}; one file: {one_lines} lines")

    exe = [sys.executable, "-m", "hipify_py"]
    cache = work / "cache"
    env = {**os.environ, "HIPIFY_PY_CACHE_DIR": str(cache), "NO_COLOR": "1"}
    rows: list[tuple[str, float, float]] = []

    def cold(label: str, argv: list[str], *, mappings_warm: bool = True) -> float:
        # Cold = no result cache. The compiled mapping table is kept warm unless asked, as it
        # is after the first run on any machine; its own cold cost is reported separately.
        shutil.rmtree(cache / "results", ignore_errors=True)
        if not mappings_warm:
            shutil.rmtree(cache, ignore_errors=True)
        for out in work.glob("out*"):
            shutil.rmtree(out)
        wall, rss, _ = measure(argv, env, cwd=str(work))
        rows.append((label, wall, rss))
        return wall

    translate = [*exe, "translate", "src", "--output-dir", "out", "--no-config"]
    first = cold("hipify-py cold, first ever run (mapping cache empty), -j2",
                 [*translate, "--jobs", "2"], mappings_warm=False)
    cold_2 = cold("hipify-py cold, diagnostics + HTML/JSON report, -j2",
                  [*translate, "--jobs", "2", "--report", "out/report.html", "--report", "out/report.json"])
    cold_quiet = cold("hipify-py cold, translate only (--quiet, no report), -j2",
                      [*translate, "--jobs", "2", "--quiet"])
    cold_1 = cold("hipify-py cold, diagnostics + reports, -j1",
                  [*translate, "--jobs", "1", "--report", "out/report.html", "--report", "out/report.json"])
    cold("hipify-py check --format json, cold, -j2",
         [*exe, "check", "src", "--format", "json", "--jobs", "2", "--no-config", "--fail-on", "none"])
    # Warm: populate, then measure the unchanged re-run.
    warm_argv = [*translate, "--jobs", "2", "--report", "out/report.html", "--report", "out/report.json"]
    measure(warm_argv, env, cwd=str(work))
    warm, warm_rss, _ = measure(warm_argv, env, cwd=str(work), repeat=args.repeat)
    rows.append(("hipify-py warm re-run, nothing changed", warm, warm_rss))
    one_runs = []
    for _ in range(args.repeat):  # cold each time: no cached result for the file
        shutil.rmtree(cache / "results", ignore_errors=True)
        one_runs.append(measure([*exe, "translate", str(one_file), "-o", str(work / "one.hip")], env))
    one, one_rss, _ = min(one_runs)
    rows.append((f"hipify-py one {one_lines}-line file, not cached (process start to exit)",
                 one, one_rss))
    timer = ("import time; t = time.perf_counter(); from hipify_py.mappings import "
             "load_mapping_table; load_mapping_table(); print(time.perf_counter() - t)")
    subprocess.run([sys.executable, "-c", timer], env=env, check=True, capture_output=True)
    load = subprocess.run([sys.executable, "-c", timer], env=env, capture_output=True, text=True,
                          check=True)
    table_ms = float(load.stdout.strip()) * 1000

    torch_wall = None
    if not args.skip_torch:
        torch_script = (
            "import sys\nfrom torch.utils.hipify import hipify_python as h\n"
            "h.hipify(project_directory=sys.argv[1], output_directory=sys.argv[2], includes=['*'],"
            " show_detailed=False, show_progress=False, is_pytorch_extension=True)\n"
        )
        try:
            shutil.rmtree(work / "out_torch", ignore_errors=True)
            shutil.copytree(src, work / "out_torch")  # torch rewrites a copy in place
            torch_wall, torch_rss, _ = measure(
                [sys.executable, "-c", torch_script, str(work / "out_torch"), str(work / "out_torch")],
                env)
            rows.append(("torch.utils.hipify (regex), same tree", torch_wall, torch_rss))
        except SystemExit as exc:
            print(f"torch.utils.hipify not measured: {str(exc)[:300]}")

    width = max(len(r[0]) for r in rows)
    print(f"\n{'run':<{width}}  {'wall s':>8}  {'lines/s':>10}  {'peak RSS MB':>11}")
    for label, wall, rss in rows:
        count = one_lines if "line file" in label else lines
        print(f"{label:<{width}}  {wall:8.3f}  {count / wall:10.0f}  {rss:11.1f}")
    print(f"\nmapping table, warm load in-process: {table_ms:.1f} ms (target <= 50 ms)")
    print(f"first-ever run (includes building the compiled mapping cache): {first:.3f} s")
    ratios = {
        "warm / cold": warm / cold_2,
        "speed-up -j2 vs -j1": cold_1 / cold_2,
        "reporting overhead (reports vs translate only)": cold_2 / cold_quiet - 1,
    }
    if torch_wall:
        ratios["hipify-py cold / torch"] = cold_2 / torch_wall
    for name, value in ratios.items():
        print(f"{name}: {value:.2f}")
    (work / "bench.json").write_text(json.dumps(
        {"lines": lines, "files": files, "rows": rows, "ratios": ratios, "table_ms": table_ms},
        indent=2))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
