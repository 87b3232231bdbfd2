"""Benchmark hipify-py against PyTorch's regex hipify on generated and real CUDA trees.

    python benchmarks/bench.py [--lines 200000] [--keep DIR] [--skip-torch] [--repeat N]
                               [--tree DIR [--tree DIR ...]] [--generated]

Without --tree, one generated tree of --lines lines is measured. Each --tree DIR (repeatable)
measures a real CUDA tree: its C/C++/CUDA sources are copied into the work folder (the tree
itself is never touched). --generated measures the generated tree as well as the --tree ones.

Every figure is a whole process, start to exit, timed from outside (wall clock) with its CPU
time (user + system, the process and its workers) and its peak resident memory (the largest
single process in its tree, from wait4). Measured, in one run, for each tree:

* hipify-py cold: empty result cache, whole tree, diagnostics on (translate --output-dir),
  --jobs 2, with the HTML and JSON reports; the same with --jobs 1 (for the 2-core speed-up),
  translating alone (--quiet, no report: reporting overhead), and `check --format json`;
* the first run after the README's install: the checkout installed editable (`pip install -e`)
  into a fresh virtual environment, nothing cached (no result cache, no compiled mapping cache,
  no detected HIP), its own `hipify-py` command: what a user's first run costs;
* the first run ever (the compiled mapping table not built yet);
* hipify-py warm: the same command again, nothing changed (result cache), with and without
  the reports;
* torch.utils.hipify on the same tree (when torch is importable).
And once: hipify-py on one 300-line file, process start included (cold each time), and the
mapping table's warm load, in-process. Nothing here is asserted: the figures go into the
closing note and the README.
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

Row = tuple[str, float, float, float]  # label, wall s, CPU s, peak RSS MB


def measure(argv: list[str], env: dict[str, str], cwd: str | None = None,
            repeat: int = 1) -> tuple[float, float, float, int]:
    """(best wall seconds, its CPU seconds, peak RSS MB of the largest process, exit code) over
    `repeat` runs."""
    best, cpu, peak, code = float("inf"), 0.0, 0.0, 0
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
        if wall < best:
            best, cpu = wall, usage.ru_utime + usage.ru_stime
        peak = max(peak, usage.ru_maxrss / 1024)  # KiB on Linux
    return best, cpu, peak, code


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


TORCH_SCRIPT = (
    "import sys\nfrom torch.utils.hipify import hipify_python as h\n"
    "h.hipify(project_directory=sys.argv[1], output_directory=sys.argv[2], includes=['*'],"
    " show_detailed=False, show_progress=False, is_pytorch_extension=True)\n"
)


def readme_install(work: Path) -> Path | None:
    """The README's install (`pip install -e .`) of this checkout, in a fresh virtual environment
    whose dependencies are this environment's (no download): the `hipify-py` it installs, or
    None where it could not be made. The checkout is copied, so its own build/ is not touched."""
    root = Path(__file__).resolve().parents[1]
    checkout = work / "checkout"
    shutil.rmtree(checkout, ignore_errors=True)
    checkout.mkdir(parents=True)
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        shutil.copy2(root / name, checkout / name)
    for name in ("src", "mappings"):
        shutil.copytree(root / name, checkout / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "builtin.*"))
    env_dir = work / "venv"
    shutil.rmtree(env_dir, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True)
    site = next((env_dir / "lib").glob("python*/site-packages"))
    import sysconfig

    paths = sysconfig.get_paths()
    (site / "_outer_environment.pth").write_text(
        "\n".join(sorted({paths["purelib"], paths["platlib"]})) + "\n")
    install = subprocess.run(
        [str(env_dir / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps",
         "--no-build-isolation", "-e", str(checkout)], capture_output=True, text=True, check=False)
    if install.returncode != 0:
        print(f"the README's install could not be made here: {install.stderr[-500:]}")
        return None
    return env_dir / "bin" / "hipify-py"


def bench_tree(name: str, work: Path, src: Path, lines: int, args: argparse.Namespace,
               env: dict[str, str], installed: Path | None = None) -> dict[str, object]:
    """Every whole-tree measurement of one tree (already in `src`), printed and returned."""
    exe = [sys.executable, "-m", "hipify_py"]
    cache = Path(env["HIPIFY_PY_CACHE_DIR"])
    rows: list[Row] = []

    def cold(label: str, argv: list[str], *, mappings_warm: bool = True) -> float:
        # Cold = no result cache. The compiled mapping table is kept warm unless asked, as it
        # is after the first run on any machine; its own cold cost is reported separately.
        shutil.rmtree(cache / "results", ignore_errors=True)
        if not mappings_warm:
            shutil.rmtree(cache, ignore_errors=True)
        for out in work.glob("out*"):
            shutil.rmtree(out)
        wall, cpu, rss, _ = measure(argv, env, cwd=str(work))
        rows.append((label, wall, cpu, rss))
        return wall

    translate = [*exe, "translate", "src", "--output-dir", "out", "--no-config"]
    reports = ["--report", "out/report.html", "--report", "out/report.json"]
    after_install = None
    if installed is not None:
        fresh = work / "fresh-cache"  # nothing cached: a user's first run
        shutil.rmtree(fresh, ignore_errors=True)
        for out in work.glob("out*"):
            shutil.rmtree(out)
        wall, cpu, rss, _ = measure(
            [str(installed), *translate[3:], "--jobs", "2", *reports],
            {**env, "HIPIFY_PY_CACHE_DIR": str(fresh)}, cwd=str(work))
        rows.append(("hipify-py first run after the README's install (pip install -e), -j2",
                     wall, cpu, rss))
        after_install = wall
    first = cold("hipify-py cold, first ever run (mapping cache empty), -j2",
                 [*translate, "--jobs", "2"], mappings_warm=False)
    cold_2 = cold("hipify-py cold, diagnostics + HTML/JSON report, -j2",
                  [*translate, "--jobs", "2", *reports])
    cold_quiet = cold("hipify-py cold, translate only (--quiet, no report), -j2",
                      [*translate, "--jobs", "2", "--quiet"])
    cold_1 = cold("hipify-py cold, diagnostics + reports, -j1", [*translate, "--jobs", "1", *reports])
    cold("hipify-py check --format json, cold, -j2",
         [*exe, "check", "src", "--format", "json", "--jobs", "2", "--no-config", "--fail-on", "none"])
    # Warm: populate, then measure the unchanged re-run.
    warm_argv = [*translate, "--jobs", "2", *reports]
    measure(warm_argv, env, cwd=str(work))
    warm, warm_cpu, warm_rss, _ = measure(warm_argv, env, cwd=str(work), repeat=args.repeat)
    rows.append(("hipify-py warm re-run, nothing changed", warm, warm_cpu, warm_rss))
    warm_q, warm_q_cpu, warm_q_rss, _ = measure([*translate, "--jobs", "2", "--quiet"], env,
                                                cwd=str(work), repeat=args.repeat)
    rows.append(("hipify-py warm re-run, --quiet, no report", warm_q, warm_q_cpu, warm_q_rss))

    torch_wall = None
    if not args.skip_torch:
        try:
            shutil.rmtree(work / "out_torch", ignore_errors=True)
            shutil.copytree(src, work / "out_torch")  # torch rewrites a copy in place
            torch_wall, torch_cpu, torch_rss, _ = measure(
                [sys.executable, "-c", TORCH_SCRIPT, str(work / "out_torch"), str(work / "out_torch")],
                env)
            rows.append(("torch.utils.hipify (regex), same tree", torch_wall, torch_cpu, torch_rss))
        except SystemExit as exc:
            print(f"torch.utils.hipify not measured: {str(exc)[:300]}")

    print(f"\n{name}")
    width = max(len(r[0]) for r in rows)
    print(f"{'run':<{width}}  {'wall s':>8}  {'CPU s':>7}  {'lines/s':>10}  {'peak RSS MB':>11}")
    for label, wall, cpu, rss in rows:
        print(f"{label:<{width}}  {wall:8.3f}  {cpu:7.2f}  {lines / wall:10.0f}  {rss:11.1f}")
    print(f"first-ever run (includes building the compiled mapping cache): {first:.3f} s")
    ratios = {
        "warm / cold": warm / cold_2,
        "warm / cold, --quiet": warm_q / cold_quiet,
        "speed-up -j2 vs -j1": cold_1 / cold_2,
        "reporting overhead (reports vs translate only)": cold_2 / cold_quiet - 1,
    }
    if torch_wall:
        ratios["hipify-py cold / torch"] = cold_2 / torch_wall
        if after_install is not None:
            ratios["hipify-py first run after the README's install / torch"] = (
                after_install / torch_wall)
    for label, value in ratios.items():
        print(f"{label}: {value:.2f}")
    return {"name": name, "rows": rows, "ratios": ratios}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=200_000, help="size of the generated tree")
    parser.add_argument("--keep", help="work in this directory and keep it")
    parser.add_argument("--skip-torch", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="runs per warm measurement (best)")
    parser.add_argument("--tree", action="append", default=[],
                        help="a real CUDA source tree to measure (repeatable)")
    parser.add_argument("--generated", action="store_true",
                        help="with --tree: measure the generated tree too")
    args = parser.parse_args()

    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="hipify-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    cache = work / "cache"
    env = {**os.environ, "HIPIFY_PY_CACHE_DIR": str(cache), "NO_COLOR": "1"}
    # As on a user's machine, bytecode once compiled is kept (a later run would otherwise
    # compile every module again, where the developer's shell sets this).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    trees: list[tuple[str, Path | None]] = [(t, Path(t)) for t in args.tree]
    if not trees or args.generated:
        trees.insert(0, (f"generated ({args.lines} lines)", None))
    installed = readme_install(work)
    results = []
    for number, (name, tree) in enumerate(trees):
        tree_work = work / f"tree{number}"
        src = tree_work / "src"
        if src.exists():
            shutil.rmtree(src)
        if tree is None:
            files, lines = generate_tree(src, args.lines, random.Random(2026))
        else:
            files, lines = _copy_sources(tree, src)
        print(f"\n== {name}: {files} files, {lines} lines in {src}", flush=True)
        result = bench_tree(name, tree_work, src, lines, args, env, installed)
        results.append({**result, "files": files, "lines": lines})

    one_lines = generate_tree(work / "one", 300, random.Random(7), max_files=1)[1]
    one_file = next((work / "one").rglob("*.cu"))
    exe = [sys.executable, "-m", "hipify_py"]
    one_runs = []
    for _ in range(max(args.repeat, 5)):  # cold each time: no cached result for the file
        shutil.rmtree(cache / "results", ignore_errors=True)
        one_runs.append(measure([*exe, "translate", str(one_file), "-o", str(work / "one.hip")], env))
    one, one_cpu, one_rss, _ = min(one_runs)
    bare = min(measure([sys.executable, "-c", "pass"], env) for _ in range(5))[0]
    timer = ("import time; t = time.perf_counter(); from hipify_py.tables.mappings import "
             "load_mapping_table; load_mapping_table(); print(time.perf_counter() - t)")
    subprocess.run([sys.executable, "-c", timer], env=env, check=True, capture_output=True)
    load = subprocess.run([sys.executable, "-c", timer], env=env, capture_output=True, text=True,
                          check=True)
    table_ms = float(load.stdout.strip()) * 1000
    print(f"\none {one_lines}-line file, not cached, process start to exit: {one:.3f} s "
          f"(CPU {one_cpu:.2f} s, {one_rss:.1f} MB); a bare `python -c pass`: {bare:.3f} s")
    print(f"mapping table, warm load in-process: {table_ms:.1f} ms (target <= 50 ms)")
    (work / "bench.json").write_text(json.dumps(
        {"trees": results, "one_file": {"lines": one_lines, "wall": one, "cpu": one_cpu,
                                        "rss": one_rss, "bare_python": bare},
         "table_ms": table_ms}, indent=2))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
