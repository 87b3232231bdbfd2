"""Corpus check: does a real CUDA tree still compile after hipify-py, and is every failure flagged?

    python scripts/corpus_check.py TREE [--work DIR] [--nvcc] [--hipcc CMD] [--json OUT]

1. Finds the tree's translation units (.cu .cpp .cc .cxx .c) and, for each, the include folders its
   build would pass: its own folder plus the folder that makes each `#include` of a header that
   lives elsewhere in the tree resolve (found by name, the way a Makefile's -I would).
2. With --nvcc, compiles each TU with `nvcc -c` first (results cached in the work folder by file
   hash): only TUs that are valid CUDA count. TUs whose nvcc error names a header this machine's
   HIP lacks anyway (GL, EGL, ...) can be excluded with --skip-header.
3. Translates the tree with `hipify-py translate --output-dir` (plus --hipify-arg options) and
   compiles every translated TU with hipcc (-fsyntax-only, parallel); a host-only .cpp that
   hipify-py left unchanged is compiled with the host compiler, as nvcc would.
4. Prints TUs and programs (folders of TUs) that compile, the failure classes by first error,
   and the silent failures: TUs whose first error is on a line with no warning or error finding.

The figures are reproducible with this one command; --json writes them for comparison.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from hipify_py.verify.compile import COMPILER_ERROR, corresponding_lines

TU_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c")
HEADER_SUFFIXES = (".h", ".hpp", ".cuh", ".hxx", ".inl", ".inc", ".hh")
SKIP_DIRS = {".git", "build", "cmake-build", "__pycache__", ".github"}
_INCLUDE = re.compile(rb'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
_INCLUDED_FROM = re.compile(r"^(?:In file included from|\s+from) (?P<file>[^:\n]+):(?P<line>\d+)", re.M)
_QUOTED = re.compile(r"'[^']*'")
_EXPANDED_FROM = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: note: expanded from macro", re.M)
# A HIP library (or GL) this machine's ROCm does not ship: the TU needs something the install
# lacks, as the nvcc side would without cuBLAS; counted apart, not as a translation failure.
_MISSING_LIBRARY = re.compile(
    r"'?((?:hipblas|hipblas-common|hipblaslt|hipfft|hipsolver|hipsparse|hipsparselt|hiprand|"
    r"rocrand|rocblas|rocsolver|rocsparse|hipcub|rocprim|thrust|miopen|hiptensor|rccl|roctracer|"
    r"GL)/[^':]*)'?(?: file not found|: No such file or directory)")


@dataclass
class Unit:
    rel: str  # path of the TU relative to the tree
    include_dirs: list[str]  # relative to the tree
    nvcc_ok: bool | None = None
    nvcc_error: str = ""
    hip_ok: bool | None = None
    first_error: str = ""
    error_file: str = ""  # relative path of the (mapped) location of the first error
    error_line: int = 0
    flagged: bool = False  # a warning/error finding on that line
    findings_there: list[str] = field(default_factory=list)
    # Every error of the compile, not only the first: (file, source line, message, flagged)
    errors: list[tuple[str, int, str, bool]] = field(default_factory=list)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    tree = Path(args.tree).resolve()
    work = Path(args.work or f"/tmp/corpus-check/{tree.name}").resolve()
    work.mkdir(parents=True, exist_ok=True)
    units = discover(tree, args.only)
    print(f"{tree}: {len(units)} translation units", flush=True)
    if args.nvcc:
        nvcc_baseline(tree, units, work, args)
        candidates = [u for u in units if u.nvcc_ok]
        print(f"nvcc -c compiles {len(candidates)} of {len(units)}", flush=True)
    else:
        candidates = units
    out = work / "hip"
    if args.shim:
        findings = make_shim(tree, out, work, args.hipify, args.hipify_arg)
        shim = ["-I", str(work / "shim")]
        args.hipcc_flags += " " + shlex.join([*shim, "-include", "cuda_runtime.h"])
        args.host_flags += " " + shlex.join(shim)
    else:
        findings = translate(tree, out, work, args.hipify, args.hipify_arg)
    hip_compile(out, candidates, findings, tree, args)
    summary = summarize(tree, units, candidates, args)
    print_summary(summary)
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    return 0


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("tree")
    p.add_argument("--work", help="scratch folder (default /tmp/corpus-check/NAME)")
    p.add_argument("--only", action="append", default=[],
                   help="only TUs whose relative path starts with this (repeatable)")
    p.add_argument("--nvcc", action="store_true", help="count only TUs that nvcc -c compiles")
    p.add_argument("--nvcc-cmd", default="nvcc -std=c++17 -arch=sm_80")
    p.add_argument("--skip-header", action="append", default=[],
                   help="exclude TUs that include a header matching this regex (e.g. GL)")
    p.add_argument("--hipcc", default="hipcc", help="hipcc command (e.g. a ROCm 7.2 wrapper)")
    p.add_argument("--arch", default="gfx90a")
    p.add_argument("--host-cxx", default="g++", help="compiler for host-only TUs left unchanged")
    p.add_argument("--host-cc", default="gcc", help="C compiler for .c TUs left unchanged")
    p.add_argument("--host-flags", default="-D__HIP_PLATFORM_AMD__",
                   help="flags for host-only TUs (add -I to HIP's include folder if not in /usr)")
    p.add_argument("--hipcc-flags", default="-std=c++17")
    p.add_argument("--hipify", default=f"{sys.executable} -m hipify_py")
    p.add_argument("--hipify-arg", action="append", default=[],
                   help="extra hipify-py option (repeatable), e.g. --hipify-arg=--hip-version=auto")
    p.add_argument("--shim", action="store_true",
                   help="keep the sources: compile them unchanged with `hipify-py shim`'s folder "
                        "(-I SHIM -include cuda_runtime.h) instead of translating them")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--json", help="write the figures and every TU's outcome here")
    p.add_argument("--show", type=int, default=15, help="failure classes / silent TUs to list")
    return p.parse_args(argv)


# --- discovery -------------------------------------------------------------------------------

def discover(tree: Path, only: Iterable[str] = ()) -> list[Unit]:
    """Every TU with the include folders a build of the tree would give it."""
    files: list[str] = []
    for root, dirs, names in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(names):
            files.append(os.path.relpath(os.path.join(root, name), tree))
    headers_by_name: dict[str, list[str]] = defaultdict(list)
    for f in files:
        if f.endswith(HEADER_SUFFIXES + TU_SUFFIXES):
            headers_by_name[os.path.basename(f)].append(f)
    prefixes = tuple(only)
    units = []
    for f in files:
        if f.endswith(TU_SUFFIXES) and (not prefixes or f.startswith(prefixes)):
            units.append(Unit(f, _include_dirs(tree, f, headers_by_name)))
    return units


def _include_dirs(tree: Path, tu: str, by_name: dict[str, list[str]]) -> list[str]:
    dirs: list[str] = [os.path.dirname(tu) or "."]
    for _current, _header in _walk_includes(
            tree, tu, lambda current, header: _resolve(tree, current, header, dirs, by_name)):
        pass
    return dirs


def _walk_includes(tree: Path, start: str, resolve: Callable[[str, str], str | None],
                   ) -> Iterator[tuple[str, str]]:
    """(including file, header name) for every #include reached from start through the tree's
    own files; resolve(including, name) gives the tree file a name reaches, or None."""
    todo, seen = [start], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            data = (tree / current).read_bytes()
        except OSError:
            continue
        for m in _INCLUDE.finditer(data):
            header = m.group(1).decode(errors="replace")
            yield current, header
            found = resolve(current, header)
            if found is not None:
                todo.append(found)


def _resolve(tree: Path, including: str, header: str, dirs: list[str],
             by_name: dict[str, list[str]]) -> str | None:
    for folder in (os.path.dirname(including), *dirs):
        candidate = os.path.normpath(os.path.join(folder, header))
        if (tree / candidate).is_file():
            return candidate
    if os.path.exists(os.path.join("/usr/include", header)):
        return None  # <unistd.h> is the system's, even where the tree ships a shim of that name
    matches = [f for f in by_name.get(os.path.basename(header), [])
               if f == header or f.endswith("/" + header)]
    if not matches:
        return None
    # The copy nearest the including file, as a build's -I usually points there.
    best = min(matches, key=lambda f: _distance(f, including))
    root = best[: len(best) - len(header)].rstrip("/") or "."
    if root not in dirs:
        dirs.append(root)
    return best


def _distance(a: str, b: str) -> int:
    pa, pb = Path(a).parent.parts, Path(b).parent.parts
    common = 0
    for x, y in zip(pa, pb, strict=False):
        if x != y:
            break
        common += 1
    return len(pa) + len(pb) - 2 * common


# --- nvcc baseline ---------------------------------------------------------------------------

def nvcc_baseline(tree: Path, units: list[Unit], work: Path, args: argparse.Namespace) -> None:
    cache_path = work / "nvcc-baseline.json"
    cache: dict[str, dict[str, object]] = {}
    if cache_path.exists():
        cache = json.loads(cache_path.read_text())
    command = shlex.split(args.nvcc_cmd)
    skip = [re.compile(s) for s in args.skip_header]

    def run(unit: Unit) -> None:
        data = (tree / unit.rel).read_bytes()
        key = hashlib.sha256(data + args.nvcc_cmd.encode() + repr(unit.include_dirs).encode())
        digest = key.hexdigest()[:20]
        hit = cache.get(unit.rel)
        if hit and hit.get("key") == digest:
            unit.nvcc_ok, unit.nvcc_error = bool(hit["ok"]), str(hit["error"])
        else:
            proc = subprocess.run(
                [*command, "-c", str(tree / unit.rel), "-o", os.devnull,
                 *(f"-I{tree / d}" for d in unit.include_dirs)],
                capture_output=True, text=True, errors="replace", timeout=600)
            unit.nvcc_ok = proc.returncode == 0
            unit.nvcc_error = "" if unit.nvcc_ok else _first_error(proc.stderr + proc.stdout)
            cache[unit.rel] = {"key": digest, "ok": unit.nvcc_ok, "error": unit.nvcc_error}
        if unit.nvcc_ok and skip:
            text = _closure_text(tree, unit)
            if any(s.search(text) for s in skip):
                unit.nvcc_ok, unit.nvcc_error = False, "excluded: --skip-header"

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(run, units))
    cache_path.write_text(json.dumps(cache, indent=0))
    print(f"nvcc baseline: {time.monotonic() - started:.0f} s", flush=True)


def _closure_text(tree: Path, unit: Unit) -> str:
    """The include lines of the TU and the tree headers it reaches."""

    def resolve(current: str, header: str) -> str | None:
        for folder in (os.path.dirname(current), *unit.include_dirs):
            candidate = os.path.normpath(os.path.join(folder, header))
            if (tree / candidate).is_file():
                return candidate
        return None

    return "\n".join(header for _, header in _walk_includes(tree, unit.rel, resolve))


def _first_error(log: str) -> str:
    for line in log.splitlines():
        if " error" in line or line.startswith("error"):
            return line.strip()[:300]
    return log.strip().splitlines()[0][:300] if log.strip() else "failed"


# --- translation and hipcc -------------------------------------------------------------------

def translate(tree: Path, out: Path, work: Path, hipify: str,
              extra: list[str]) -> dict[str, dict[int, list[str]]]:
    """Run hipify-py on the whole tree; return warning/error findings by path and line."""
    report = work / "hipify-report.json"
    command = [*shlex.split(hipify), "translate", str(tree), "--output-dir", str(out),
               "--format", "json", "--diagnostics-output", str(report), "--quiet", *extra]
    started = time.monotonic()
    proc = subprocess.run(command, capture_output=True, text=True)
    print(f"hipify-py: {time.monotonic() - started:.1f} s, exit {proc.returncode}", flush=True)
    return _findings(report, tree, proc)


def _findings(report: Path, tree: Path,
              proc: subprocess.CompletedProcess[str]) -> dict[str, dict[int, list[str]]]:
    if not report.exists():
        sys.exit(f"hipify-py wrote no report:\n{proc.stdout}\n{proc.stderr}")
    doc = json.loads(report.read_text())
    found: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for d in doc["diagnostics"]:
        if d["severity"] in ("warning", "error"):
            rel = os.path.relpath(os.path.abspath(d["path"]), tree)
            found[rel][int(d["line"])].append(f"{d['code']} {d['message'][:160]}")
    return found


def make_shim(tree: Path, out: Path, work: Path, hipify: str,
              extra: list[str]) -> dict[str, dict[int, list[str]]]:
    """Copy the tree unchanged to `out` and generate its shim in work/shim; return the shim
    run's warning/error findings by path and line."""
    import shutil

    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(tree, out, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    report = work / "hipify-report.json"
    command = [*shlex.split(hipify), "shim", str(tree), "--output-dir", str(work / "shim"),
               "--format", "json", "--diagnostics-output", str(report), "--quiet", *extra]
    started = time.monotonic()
    proc = subprocess.run(command, capture_output=True, text=True)
    print(f"hipify-py shim: {time.monotonic() - started:.1f} s, exit {proc.returncode}", flush=True)
    return _findings(report, tree, proc)


def hip_compile(out: Path, units: list[Unit], findings: dict[str, dict[int, list[str]]],
                tree: Path, args: argparse.Namespace) -> None:
    command = shlex.split(args.hipcc)
    flags = [f"--offload-arch={args.arch}", *shlex.split(args.hipcc_flags), "-fsyntax-only"]
    env = {**os.environ, "HIP_PLATFORM": "amd"}

    def run(unit: Unit) -> None:
        target = out / unit.rel
        if not target.exists():
            unit.hip_ok, unit.first_error = False, "no translated file"
            return
        host = shlex.split(args.host_flags)
        if unit.rel.endswith(".c"):
            # C has no device code: a HIP build compiles it with the C compiler, with what CMake's
            # hip::host gives (the platform macro, HIP's include folder).
            compiler = [args.host_cc, "-fsyntax-only", *host]
        elif not unit.rel.endswith(".cu") and target.read_bytes() == (tree / unit.rel).read_bytes():
            # Host-only C++ hipify-py left unchanged keeps its host compiler, as under nvcc.
            compiler = [args.host_cxx, "-std=c++17", "-fsyntax-only", *host]
        else:
            compiler = [*command, *flags, *(["-x", "hip"] if unit.rel.endswith(".cu") else [])]
        proc = subprocess.run(
            [*compiler, str(target), *(f"-I{out / d}" for d in unit.include_dirs)],
            capture_output=True, text=True, errors="replace", env=env, timeout=900, cwd=out)
        log = proc.stdout + proc.stderr
        unit.hip_ok = proc.returncode == 0
        if unit.hip_ok:
            return
        _locate_first_error(unit, log, out, tree, findings)
        unit.errors = _every_error(log, out, tree, findings)

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(run, units))
    print(f"hipcc: {time.monotonic() - started:.0f} s", flush=True)


def _locate_first_error(unit: Unit, log: str, out: Path, tree: Path,
                        findings: dict[str, dict[int, list[str]]]) -> None:
    m = COMPILER_ERROR.search(log)
    if m is None:
        unit.first_error = _first_error(log)
        return
    unit.first_error = m.group("msg").strip()
    unit.error_file, unit.error_line, unit.findings_there = _locate(m, log, out, tree, findings)
    unit.flagged = bool(unit.findings_there)


def _every_error(log: str, out: Path, tree: Path,
                 findings: dict[str, dict[int, list[str]]]) -> list[tuple[str, int, str, bool]]:
    """Each distinct error of a compile log, located in the source tree, with whether a
    warning or error finding sits on its line."""
    seen: dict[tuple[str, int, str], bool] = {}
    for m in COMPILER_ERROR.finditer(log):
        where, line, there = _locate(m, log, out, tree, findings)
        seen.setdefault((where, line, m.group("msg").strip()), bool(there))
    return [(f, n, msg, flagged) for (f, n, msg), flagged in seen.items()]


def _locate(m: re.Match[str], log: str, out: Path, tree: Path,
            findings: dict[str, dict[int, list[str]]]) -> tuple[str, int, list[str]]:
    """(file relative to the tree, source line, findings there) of one compiler error; an error
    in an installed header is blamed on the tree line that included it."""
    path, line = m.group("file"), int(m.group("line"))
    if not _inside(path, out):
        chain = [x for x in _INCLUDED_FROM.finditer(log[: m.start()])]
        inside = [x for x in chain if _inside(x.group("file"), out)]
        if not inside:
            return os.path.abspath(path), line, []
        path, line = inside[0].group("file"), int(inside[0].group("line"))
    rel = os.path.relpath(os.path.abspath(os.path.join(out, path)), out)
    source_line = _source_line(tree / rel, out / rel, line) or line
    there = list(findings.get(rel, {}).get(source_line, []))
    # An error inside a macro's expansion: the finding may sit on the macro's definition, the
    # line that needs the fix (clang's "expanded from macro" notes right after the error).
    following = log[m.end():]
    next_error = COMPILER_ERROR.search(following)
    for note in _EXPANDED_FROM.finditer(following[: next_error.start() if next_error else None]):
        if not _inside(note.group("file"), out):
            continue
        nrel = os.path.relpath(os.path.abspath(os.path.join(out, note.group("file"))), out)
        nline = _source_line(tree / nrel, out / nrel, int(note.group("line")))
        there += findings.get(nrel, {}).get(nline or 0, [])
    return rel, source_line, there


def _inside(path: str, root: Path) -> bool:
    full = os.path.abspath(os.path.join(root, path))
    return full.startswith(str(root) + os.sep)


_LINE_MAPS: dict[str, dict[int, int]] = {}


def _source_line(source: Path, translated: Path, line: int) -> int | None:
    key = str(translated)
    if key not in _LINE_MAPS:
        try:
            _LINE_MAPS[key] = corresponding_lines(source.read_bytes(), translated.read_bytes())
        except OSError:
            return None
    return _LINE_MAPS[key].get(line)


# --- figures ---------------------------------------------------------------------------------

def summarize(tree: Path, units: list[Unit], candidates: list[Unit],
              args: argparse.Namespace) -> dict[str, object]:
    lacking = [u for u in candidates if not u.hip_ok and _MISSING_LIBRARY.search(u.first_error)]
    newer = [u for u in candidates if not u.hip_ok and u not in lacking and _needs_newer_hip(u)]
    candidates = [u for u in candidates if u not in lacking and u not in newer]
    ok = [u for u in candidates if u.hip_ok]
    failed = [u for u in candidates if not u.hip_ok]
    silent = [u for u in failed if not u.flagged]
    programs: dict[str, list[Unit]] = defaultdict(list)
    for u in candidates:
        programs[os.path.dirname(u.rel)].append(u)
    programs_ok = sum(all(u.hip_ok for u in us) for us in programs.values())
    classes = Counter(_QUOTED.sub("'…'", u.first_error)[:120] for u in failed)
    # Every distinct error line of the TUs that count (failed, not lacking a library), and
    # those with no finding on them.
    error_lines = {(f, n, msg): flagged for u in [*failed, *newer] for f, n, msg, flagged in u.errors}
    unflagged = sorted(k for k, flagged in error_lines.items() if not flagged)
    return {
        "tree": str(tree),
        "hipify_args": args.hipify_arg,
        "hipcc": args.hipcc,
        "units": len(units),
        "candidates": len(candidates),
        "lacking_library": len(lacking),
        "needs_newer_hip": len(newer),
        "compiled": len(ok),
        "programs": len(programs),
        "programs_compiled": programs_ok,
        "failed": len(failed),
        "silent": len(silent),
        "error_lines": len(error_lines),
        "unflagged_error_lines": [list(k) for k in unflagged],
        "classes": classes.most_common(),
        "units_detail": [asdict(u) for u in units],
        "show": args.show,
    }


def _needs_newer_hip(unit: Unit) -> bool:
    """The first error sits where hipify-py said the API needs a newer HIP than the target: the
    TU is right for that HIP, and this install cannot build it (like a missing library)."""
    return any(f.startswith("HPY150") and "needs HIP >=" in f for f in unit.findings_there)


def print_summary(s: dict[str, object]) -> None:
    cand = int(s["candidates"])  # type: ignore[arg-type]
    comp = int(s["compiled"])  # type: ignore[arg-type]
    pct = 100.0 * comp / cand if cand else 0.0
    print(f"\nTUs compiled: {comp}/{cand} ({pct:.1f} %); programs: "
          f"{s['programs_compiled']}/{s['programs']}; failed: {s['failed']}, "
          f"silent (no finding on the first error's line): {s['silent']}; not counted: "
          f"{s['lacking_library']} TUs that need a HIP library this ROCm lacks, "
          f"{s['needs_newer_hip']} whose first error is an API only a newer HIP has (reported "
          f"there: HPY150)")
    unflagged = list(s["unflagged_error_lines"])  # type: ignore[call-overload]
    print(f"every error line of those TUs: {s['error_lines']} distinct, {len(unflagged)} without "
          "a finding on their line")
    show = int(s["show"])  # type: ignore[arg-type]
    for f, n, msg in unflagged[:show]:
        print(f"  unflagged: {f}:{n}: {msg[:140]}")
    print("\nfailure classes (first error):")
    for text, n in list(s["classes"])[:show]:  # type: ignore[call-overload]
        print(f"  {n:4d}  {text}")
    print("\nfailures (S = silent, N = needs a newer HIP):")
    for u in s["units_detail"]:  # type: ignore[attr-defined]
        if (u["hip_ok"] is False and u["nvcc_ok"] is not False
                and not _MISSING_LIBRARY.search(u["first_error"])):
            mark = "N " if _needs_newer_hip(Unit(**u)) else "  " if u["flagged"] else "S "
            print(f"  {mark}{u['rel']}: {u['error_file']}:{u['error_line']}: "
                  f"{u['first_error'][:140]}")


if __name__ == "__main__":
    raise SystemExit(main())
