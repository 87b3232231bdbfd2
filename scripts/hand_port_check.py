"""Hand port check: does our translation of a CUDA path compile where the project's own
hand-written HIP path compiles, and is every error of ours flagged?

    python scripts/hand_port_check.py scripts/hand_ports.yaml --hip 7.2 [--corpus NAME ...]
        [--base /tmp/handhip] [--work DIR] [--json OUT] [--no-cache]

The YAML (our own data) names, per corpus, the CUDA tree, the hand HIP tree and pairs of
(CUDA TU, hand HIP TU) with the include folders and -D flags the project's build gives each;
`targets` names the hipcc, offload arch and extra flags of each HIP version. For the chosen
version this script:

1. writes the corpus's generated headers (a configured config.h, ...) into a folder of their
   own per side (cuda, hand), added with -I to that side's compiles;
2. compiles each CUDA TU with `nvcc -std=c++17 -c` (cached by command and file content): only
   pairs whose CUDA original nvcc accepts count;
3. compiles each hand TU with hipcc (-fsyntax-only, -x hip, the pair's flags; cached too);
4. translates the CUDA tree with `hipify-py translate TREE --output-dir OUT --hip-version V`
   (JSON findings kept) and compiles each translated TU with the same hipcc and flags as the
   hand one (the CUDA side's -D flags, or `ours_flags` where the ported build gives others);
5. prints, per corpus: hand compiled, ours compiled, both over the nvcc-valid pairs, ours over
   the pairs whose hand port compiles, every distinct error line of ours (file, source line,
   message) and how many carry a hipify-py warning or error finding on their line (or on the
   macro definition the error expands from), and the unflagged ones.

A TU whose first error is a missing header of a HIP library this ROCm lacks (hipblaslt,
thrust, ...) is counted as "lacking", on either side, and left out of the ratios.
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
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus_check as cc  # scripts/ is not a package: found through sys.path

DEFAULT_BASE = "/tmp/handhip"
NVCC = "/usr/local/cuda/bin/nvcc"


# --- the YAML ----------------------------------------------------------------------------------

@dataclass
class Pair:
    cuda: str  # relative to the corpus's cuda_root
    hand: str  # relative to the corpus's hand_root
    name: str = ""
    include: list[str] = field(default_factory=list)  # relative dirs, given in both roots
    cuda_include: list[str] = field(default_factory=list)  # relative to cuda_root
    hand_include: list[str] = field(default_factory=list)  # relative to hand_root
    cuda_flags: list[str] = field(default_factory=list)  # nvcc and, unless ours_flags, ours
    hand_flags: list[str] = field(default_factory=list)
    ours_flags: list[str] | None = None
    nvcc_flags: list[str] = field(default_factory=list)


@dataclass
class Corpus:
    name: str
    cuda_root: str
    hand_root: str
    translate: str = "."  # folder of cuda_root that hipify-py translates
    flags: list[str] = field(default_factory=list)  # every compile (nvcc, hand, ours)
    hip_flags: dict[str, list[str]] = field(default_factory=dict)  # hand and ours, per HIP
    nvcc_flags: list[str] = field(default_factory=list)
    std: str = "c++17"
    generated: dict[str, dict[str, str]] = field(default_factory=dict)  # side -> path -> text
    hipify_args: list[str] = field(default_factory=list)
    # -I the folder of the TU, as nvcc and hipcc give the folder of the file for "" includes
    # only: off for a tree whose folder holds a header named like a system one (xgboost's
    # src/common/math.h would stand for <math.h>)
    source_dir_include: bool = True
    pairs: list[Pair] = field(default_factory=list)


@dataclass
class Target:
    version: str
    hipcc: str
    arch: str
    flags: list[str] = field(default_factory=list)


_PAIR_LISTS = ("include", "cuda_include", "hand_include", "cuda_flags", "hand_flags",
               "nvcc_flags")


def load_config(doc: dict[str, Any], base: Path) -> tuple[list[Corpus], dict[str, Target]]:
    """Corpora (roots made absolute against base) and targets from the parsed YAML."""
    targets = {str(v): Target(str(v), str(t["hipcc"]), str(t["arch"]),
                              [str(f) for f in t.get("flags", [])])
               for v, t in (doc.get("targets") or {}).items()}
    corpora = []
    for c in doc.get("corpora") or []:
        unknown = set(c) - {f for f in Corpus.__dataclass_fields__} - {"root", "pair_defaults"}
        if unknown:
            raise ValueError(f"corpus {c.get('name')}: unknown keys {sorted(unknown)}")
        root = c.get("root")
        cuda_root = str(base / c.get("cuda_root", root))
        hand_root = str(base / c.get("hand_root", root))
        defaults = c.get("pair_defaults") or {}
        pairs = []
        for p in c.get("pairs") or []:
            if isinstance(p, str):  # "cuda.cu: hand.hip" shorthand
                raise ValueError(f"corpus {c['name']}: a pair must be a mapping, got {p!r}")
            bad = set(p) - set(Pair.__dataclass_fields__)
            if bad:
                raise ValueError(f"corpus {c['name']}: pair {p}: unknown keys {sorted(bad)}")
            merged: dict[str, Any] = {}
            for key in _PAIR_LISTS:
                merged[key] = [str(x) for x in [*defaults.get(key, []), *p.get(key, [])]]
            ours = p.get("ours_flags", defaults.get("ours_flags"))
            pairs.append(Pair(cuda=str(p["cuda"]), hand=str(p["hand"]),
                              name=str(p.get("name") or p["cuda"]),
                              ours_flags=None if ours is None else [str(x) for x in ours],
                              **merged))
        corpora.append(Corpus(
            name=str(c["name"]), cuda_root=cuda_root, hand_root=hand_root,
            translate=str(c.get("translate", ".")),
            flags=[str(x) for x in c.get("flags", [])],
            hip_flags={str(k): [str(x) for x in v] for k, v in (c.get("hip_flags") or {}).items()},
            nvcc_flags=[str(x) for x in c.get("nvcc_flags", [])],
            std=str(c.get("std", "c++17")),
            generated={str(side): {str(k): str(v) for k, v in files.items()}
                       for side, files in (c.get("generated") or {}).items()},
            hipify_args=[str(x) for x in c.get("hipify_args", [])],
            source_dir_include=bool(c.get("source_dir_include", True)),
            pairs=pairs))
    return corpora, targets


def ours_path(corpus: Corpus, out: Path, rel: str) -> Path:
    """Where a path of the CUDA tree (relative to cuda_root) is on our side: in the translated
    output when it lies in the translated folder, else the untouched original."""
    norm = os.path.normpath(rel)
    tr = os.path.normpath(corpus.translate)
    if tr == ".":
        return out / norm
    if norm == tr or norm.startswith(tr + os.sep):
        return out / os.path.relpath(norm, tr)
    return Path(corpus.cuda_root) / norm


# --- one compile -------------------------------------------------------------------------------

@dataclass
class Compile:
    ok: bool | None = None
    first_error: str = ""
    lacking: bool = False  # the first error is a HIP library this install lacks
    seconds: float = 0.0


@dataclass
class PairResult:
    corpus: str
    name: str
    cuda: str
    hand: str
    nvcc: Compile = field(default_factory=Compile)
    hand_hip: Compile = field(default_factory=Compile)
    ours: Compile = field(default_factory=Compile)
    # first error of ours, located in the CUDA tree: (file, source line, flagged, findings)
    ours_first: tuple[str, int, bool, list[str]] = ("", 0, False, [])
    # every distinct error of ours: (file, source line, message, flagged)
    ours_errors: list[tuple[str, int, str, bool]] = field(default_factory=list)


def first_error(log: str) -> str:
    m = cc.COMPILER_ERROR.search(log)
    if m:
        return f"{m.group('file')}:{m.group('line')}: {m.group('msg').strip()}"[:400]
    return cc._first_error(log)


def is_lacking(error: str) -> bool:
    return bool(cc._MISSING_LIBRARY.search(error))


class Runner:
    """Runs compiles one at a time, caching nvcc and hand results by command and content."""

    def __init__(self, work: Path, use_cache: bool = True) -> None:
        self.cache_path = work / "compile-cache.json"
        self.cache: dict[str, dict[str, Any]] = {}
        if use_cache and self.cache_path.exists():
            self.cache = json.loads(self.cache_path.read_text())
        self.use_cache = use_cache

    def run(self, command: list[str], source: Path, cwd: Path, cache: bool,
            extra_key: str = "") -> tuple[Compile, str]:
        key = ""
        if cache and self.use_cache:
            try:
                data = source.read_bytes()
            except OSError:
                data = b""
            key = hashlib.sha256(data + shlex.join(command).encode() + extra_key.encode()
                                 ).hexdigest()
            hit = self.cache.get(key)
            if hit:
                return Compile(**hit["result"]), str(hit["log"])
        started = time.monotonic()
        try:
            proc = subprocess.run(command, capture_output=True, text=True, errors="replace",
                                  cwd=cwd, env={**os.environ, "HIP_PLATFORM": "amd"},
                                  timeout=1200)
            log, code = proc.stdout + proc.stderr, proc.returncode
        except subprocess.TimeoutExpired:
            log, code = "timeout", 124
        result = Compile(ok=code == 0, seconds=round(time.monotonic() - started, 1))
        if not result.ok:
            result.first_error = first_error(log)
            result.lacking = is_lacking(result.first_error)
        if key:
            self.cache[key] = {"result": asdict(result), "log": log[-20000:]}
            self.cache_path.write_text(json.dumps(self.cache))
        return result, log


def _includes(dirs: Iterable[Path]) -> list[str]:
    return [f"-I{d}" for d in dirs]


def _source_dir(corpus: Corpus, src: Path) -> list[Path]:
    return [src.parent] if corpus.source_dir_include else []


def nvcc_command(corpus: Corpus, pair: Pair, gen_cuda: Path) -> list[str]:
    root = Path(corpus.cuda_root)
    src = root / pair.cuda
    dirs = [*_source_dir(corpus, src), *(root / d for d in pair.include),
            *(root / d for d in pair.cuda_include), gen_cuda]
    return [NVCC, f"-std={corpus.std}", "-c", str(src), "-o", os.devnull,
            *corpus.nvcc_flags, *pair.nvcc_flags, *corpus.flags, *pair.cuda_flags,
            *_includes(dirs)]


def hip_command(target: Target, corpus: Corpus, source: Path, dirs: list[Path],
                flags: list[str]) -> list[str]:
    return [*shlex.split(target.hipcc), f"--offload-arch={target.arch}", f"-std={corpus.std}",
            "-fsyntax-only", *target.flags, *corpus.hip_flags.get(target.version, []),
            *corpus.flags, *flags, *_includes(dirs), "-x", "hip", str(source)]


def hand_command(target: Target, corpus: Corpus, pair: Pair, gen_hand: Path) -> list[str]:
    root = Path(corpus.hand_root)
    src = root / pair.hand
    dirs = [*_source_dir(corpus, src), *(root / d for d in pair.include),
            *(root / d for d in pair.hand_include), gen_hand]
    return hip_command(target, corpus, src, dirs, pair.hand_flags)


def ours_command(target: Target, corpus: Corpus, pair: Pair, out: Path,
                 gen_cuda: Path) -> list[str]:
    src = ours_path(corpus, out, pair.cuda)
    dirs = [*_source_dir(corpus, src), *(ours_path(corpus, out, d) for d in pair.include),
            *(ours_path(corpus, out, d) for d in pair.cuda_include), gen_cuda]
    flags = pair.cuda_flags if pair.ours_flags is None else pair.ours_flags
    return hip_command(target, corpus, src, dirs, flags)


# --- a corpus ----------------------------------------------------------------------------------

def write_generated(corpus: Corpus, work: Path) -> dict[str, Path]:
    folders = {}
    for side in ("cuda", "hand"):
        folder = work / f"gen-{side}"
        folder.mkdir(parents=True, exist_ok=True)
        for rel, text in corpus.generated.get(side, {}).items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_text() != text:
                path.write_text(text)
        folders[side] = folder
    return folders


def translate(corpus: Corpus, target: Target, out: Path, work: Path, hipify: str,
              ) -> dict[str, dict[int, list[str]]]:
    tree = Path(corpus.cuda_root) / corpus.translate
    report = work / "hipify-report.json"
    command = [*shlex.split(hipify), "translate", str(tree), "--output-dir", str(out),
               "--hip-version", target.version, "--format", "json", "--diagnostics-output",
               str(report), "--quiet", *corpus.hipify_args]
    started = time.monotonic()
    proc = subprocess.run(command, capture_output=True, text=True)
    print(f"  hipify-py: {time.monotonic() - started:.1f} s, exit {proc.returncode}", flush=True)
    return cc._findings(report, tree, proc)


_REQUESTED_HERE = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: note: in instantiation of .* requested here$", re.M)


def _instantiation_site(m: re.Match[str], log: str, out: Path, tree: Path,
                        ) -> tuple[str, int] | None:
    """The tree line (relative file, source line) of the first "in instantiation of ...
    requested here" note after an error, before the next error, or None."""
    following = log[m.end():]
    next_error = cc.COMPILER_ERROR.search(following)
    for note in _REQUESTED_HERE.finditer(following[: next_error.start() if next_error else None]):
        path = note.group("file")
        if not cc._inside(path, out):
            continue
        rel = os.path.relpath(os.path.abspath(os.path.join(out, path)), out)
        number = int(note.group("line"))
        return rel, cc._source_line(tree / rel, out / rel, number) or number
    return None


def locate_errors(log: str, out: Path, tree: Path, findings: dict[str, dict[int, list[str]]],
                  ) -> tuple[tuple[str, int, bool, list[str]], list[tuple[str, int, str, bool]]]:
    """The first error of a compile of ours and every distinct one, located in the CUDA tree,
    with whether a warning or error finding sits on the line.

    corpus_check's location: an error in an installed header is blamed on the tree line that
    included it. Where that line has no finding, the tree line that instantiated the template
    the error is in is taken instead (clang's "in instantiation of ... requested here" notes):
    the line a person would change, where findings about it sit. Clang prints that backtrace
    once for consecutive errors of one instantiation, so an error without one inherits the
    previous error's."""
    first: tuple[str, int, bool, list[str]] = ("", 0, False, [])
    seen: dict[tuple[str, int, str], bool] = {}
    last_site: tuple[str, int] | None = None
    for m in cc.COMPILER_ERROR.finditer(log):
        where, line, there = cc._locate(m, log, out, tree, findings)
        if not cc._inside(m.group("file"), out):
            site = _instantiation_site(m, log, out, tree)
            if site is not None:
                last_site = site
            else:
                site = last_site
            if site is not None and not there:
                where, line = site
                there = list(findings.get(where, {}).get(line, []))
        else:
            last_site = None
        if not seen and not first[0]:
            first = (where, line, bool(there), there)
        key = (where, line, m.group("msg").strip())
        seen[key] = seen.get(key, False) or bool(there)
    return first, [(f, n, msg, flagged) for (f, n, msg), flagged in seen.items()]


def check_corpus(corpus: Corpus, target: Target, work_root: Path, runner: Runner, hipify: str,
                 only: Sequence[str] = ()) -> list[PairResult]:
    work = work_root / corpus.name / target.version
    work.mkdir(parents=True, exist_ok=True)
    gen = write_generated(corpus, work)
    pairs = [p for p in corpus.pairs if not only or p.name in only]
    results = [PairResult(corpus.name, p.name, p.cuda, p.hand) for p in pairs]
    for pair, r in zip(pairs, results, strict=True):
        command = nvcc_command(corpus, pair, gen["cuda"])
        r.nvcc, _ = runner.run(command, Path(corpus.cuda_root) / pair.cuda, work, cache=True)
        command = hand_command(target, corpus, pair, gen["hand"])
        r.hand_hip, _ = runner.run(command, Path(corpus.hand_root) / pair.hand, work, cache=True)
    out = work / "ours"
    findings = translate(corpus, target, out, work, hipify)
    tree = Path(corpus.cuda_root) / corpus.translate
    for pair, r in zip(pairs, results, strict=True):
        command = ours_command(target, corpus, pair, out, gen["cuda"])
        r.ours, log = runner.run(command, ours_path(corpus, out, pair.cuda), work, cache=False)
        if not r.ours.ok:
            r.ours_first, r.ours_errors = locate_errors(log, out, tree, findings)
            (work / "logs").mkdir(exist_ok=True)
            (work / "logs" / (pair.name.replace("/", "__") + ".log")).write_text(log)
        mark = lambda c: "ok" if c.ok else ("lacking" if c.lacking else "FAIL")  # noqa: E731
        print(f"  {r.name}: nvcc {mark(r.nvcc)}, hand {mark(r.hand_hip)}, ours {mark(r.ours)}",
              flush=True)
    return results


# --- figures -----------------------------------------------------------------------------------

def summarize(results: list[PairResult]) -> dict[str, Any]:
    """The table row of one corpus: hand and ours over all pairs, over the nvcc-valid pairs
    (lacking ones left out), ours over the nvcc-valid pairs whose hand port compiles, and the
    distinct error lines of ours in the nvcc-valid pairs with how many are flagged."""
    valid = [r for r in results if r.nvcc.ok]
    counted = [r for r in valid if not r.hand_hip.lacking and not r.ours.lacking]
    hand_ok = [r for r in counted if r.hand_hip.ok]
    lines: dict[tuple[str, int, str], bool] = {}
    for r in counted:
        if not r.ours.ok:
            for f, n, msg, flagged in r.ours_errors:
                lines[(f, n, msg)] = lines.get((f, n, msg), False) or flagged
    other: dict[tuple[str, int, str], bool] = {}
    for r in results:
        if r not in counted and not r.ours.ok:
            for f, n, msg, flagged in r.ours_errors:
                other[(f, n, msg)] = other.get((f, n, msg), False) or flagged
    return {
        "pairs": len(results),
        "hand": sum(bool(r.hand_hip.ok) for r in results),
        "ours": sum(bool(r.ours.ok) for r in results),
        "hand_lacking": sum(r.hand_hip.lacking for r in results),
        "ours_lacking": sum(r.ours.lacking for r in results),
        "nvcc_valid": len(valid),
        "counted": len(counted),
        "hand_valid": len(hand_ok),
        "ours_valid": sum(bool(r.ours.ok) for r in counted),
        "ours_where_hand": sum(bool(r.ours.ok) for r in hand_ok),
        "error_lines": len(lines),
        "flagged_lines": sum(lines.values()),
        "unflagged": sorted(k for k, v in lines.items() if not v),
        "error_lines_elsewhere": len(other),
        "flagged_elsewhere": sum(other.values()),
        "failing_where_hand": [
            {"pair": r.name, "first_error": r.ours.first_error,
             "at": f"{r.ours_first[0]}:{r.ours_first[1]}", "flagged": r.ours_first[2],
             "findings": r.ours_first[3][:3]}
            for r in hand_ok if not r.ours.ok],
    }


def row(name: str, version: str, s: dict[str, Any]) -> str:
    lack = ""
    if s["hand_lacking"] or s["ours_lacking"]:
        lack = f" (lacking: hand {s['hand_lacking']}, ours {s['ours_lacking']})"
    return (f"| {name} | {version} | {s['hand']}/{s['pairs']} | {s['ours']}/{s['pairs']}{lack} | "
            f"{s['ours_valid']}/{s['counted']} vs {s['hand_valid']}/{s['counted']} "
            f"(ours where hand compiles: {s['ours_where_hand']}/{s['hand_valid']}) | "
            f"{s['error_lines']} ({s['flagged_lines']}) |")


HEADER = ("| corpus | HIP | hand | ours | ours vs hand over nvcc-valid TUs | "
          "our distinct error lines (flagged) |\n|---|---|---|---|---|---|")


def print_report(summaries: dict[str, dict[str, Any]], version: str,
                 results: dict[str, list[PairResult]]) -> None:
    print("\n" + HEADER)
    for name, s in summaries.items():
        print(row(name, version, s))
    for name, s in summaries.items():
        print(f"\n## {name}")
        if s["unflagged"]:
            print("error lines of ours without a finding:")
            for f, n, msg in s["unflagged"]:
                print(f"  {f}:{n}: {msg[:160]}")
        if s["failing_where_hand"]:
            print("ours fails where the hand port compiles (first error):")
            for x in s["failing_where_hand"]:
                mark = "flagged" if x["flagged"] else "UNFLAGGED"
                print(f"  {x['pair']}: {x['at']} [{mark}] {x['first_error'][:200]}")
        if s["error_lines_elsewhere"]:
            print(f"error lines of ours in TUs not counted (nvcc rejects the original, or a "
                  f"library is lacking): {s['error_lines_elsewhere']} "
                  f"({s['flagged_elsewhere']} flagged)")
        for r in results[name]:
            if r.nvcc.ok is False:
                print(f"  not counted, nvcc rejects {r.name}: {r.nvcc.first_error[:160]}")
            if r.hand_hip.ok is False:
                print(f"  hand fails: {r.hand}: {r.hand_hip.first_error[:160]}")


def main(argv: Sequence[str] | None = None) -> int:
    import yaml

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("config", help="the YAML of corpora and pairs (scripts/hand_ports.yaml)")
    p.add_argument("--hip", required=True, help="the target in the YAML's targets (5.2, 7.2)")
    p.add_argument("--corpus", action="append", default=[], help="only this corpus (repeatable)")
    p.add_argument("--pair", action="append", default=[], help="only this pair (repeatable)")
    p.add_argument("--base", default=DEFAULT_BASE, help="folder the corpus roots are relative to")
    p.add_argument("--work", help="scratch folder (default BASE/work)")
    p.add_argument("--hipify", default=f"{sys.executable} -m hipify_py")
    p.add_argument("--no-cache", action="store_true", help="recompile nvcc and hand TUs")
    p.add_argument("--json", help="write every pair's outcome and the figures here")
    args = p.parse_args(argv)
    base = Path(args.base).resolve()
    corpora, targets = load_config(yaml.safe_load(Path(args.config).read_text()), base)
    if args.hip not in targets:
        p.error(f"--hip {args.hip}: the YAML has targets {sorted(targets)}")
    target = targets[args.hip]
    work = Path(args.work or base / "work").resolve()
    work.mkdir(parents=True, exist_ok=True)
    runner = Runner(work, use_cache=not args.no_cache)
    results: dict[str, list[PairResult]] = {}
    summaries: dict[str, dict[str, Any]] = {}
    for corpus in corpora:
        if args.corpus and corpus.name not in args.corpus:
            continue
        print(f"{corpus.name} (HIP {target.version}): {len(corpus.pairs)} pairs", flush=True)
        results[corpus.name] = check_corpus(corpus, target, work, runner, args.hipify, args.pair)
        summaries[corpus.name] = summarize(results[corpus.name])
    print_report(summaries, target.version, results)
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"hip": target.version, "summaries": summaries,
             "pairs": {k: [asdict(r) for r in v] for k, v in results.items()}}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
