"""Differential run: does a port compute what the CUDA original computes, on an NVIDIA GPU?

    python scripts/differential_run.py prepare CORPUS_ROOT MANIFEST.yaml --bundle DIR
    python3 DIR/differential_run.py run DIR --out OUT        # on the machine with the GPU
    python scripts/differential_run.py summarise OUT/differential.json

`prepare` (here, with hipify-py and pyyaml) copies the folders a manifest names from the corpus
into DIR/corpora/NAME/orig, translates that tree with hipify-py into .../port, keeps the
hipify-py report (its findings by line, to match a failure to what the tool said), writes the
manifest as JSON, and copies HIP's NVIDIA headers, the input generators and this script beside
them. `run` (standard library only, so it works on a bare machine's python3) builds every
program twice with nvcc -- the original, and the port through HIP's NVIDIA platform
(`-x cu -D__HIP_PLATFORM_NVIDIA__ -I hip-nv`) -- in parallel, generates the inputs, runs the
original twice (a reference that changes from run to run is no reference) and the port once,
each with a timeout, and compares exit codes and outputs under the manifest's rules: lines
dropped or parts masked by regexes, numbers within a relative/absolute tolerance. It writes
OUT/differential.json with each program's statuses and verdict: pass, port-build-fail,
port-run-fail, wrong-result, hang or original-fails. `summarise` prints it as Markdown.

Manifests live in scripts/differential/<corpus>.yaml; DEVELOPERS.md describes their fields.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import math
import os
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

VERDICTS = ("pass", "port-build-fail", "port-run-fail", "wrong-result", "hang", "original-fails")
HIP_NVIDIA_FLAGS = ["-D__HIP_PLATFORM_NVIDIA__"]
DEVICE_SOURCES = (".cu", ".hip")
HERE = Path(__file__).resolve().parent
DEFAULT_HIP_NV = Path("/tmp/hip-nv")
# Numbers as programs print them: integers, decimals, exponents, and printf's nan/inf.
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)|[-+]?(?:nan|inf)\b",
                    re.IGNORECASE)
_NVCC_ERROR = re.compile(r"^(?P<file>[^\s:(]+)\((?P<line>\d+)\): (?:catastrophic )?error", re.M)
_GCC_ERROR = re.compile(r"^(?P<file>[^\s:]+):(?P<line>\d+):\d+: (?:fatal )?error", re.M)
MASKED = "<masked>"
DEFAULT_TIMEOUT = 60.0
TAIL_LINES = 8


# --- comparison rules and the verdict (pure: tests/test_differential.py) ----------------------

@dataclass
class Rules:
    """How two outputs of one program are compared."""

    mask: list[str] = field(default_factory=list)  # regexes whose matches become <masked>
    ignore_lines: list[str] = field(default_factory=list)  # lines matching one are dropped
    rtol: float = 0.0
    atol: float = 0.0
    stderr: bool = False  # compare standard error as well as standard output
    files: list[str] = field(default_factory=list)  # output files (in the run folder) to compare
    binary: list[str] = field(default_factory=list)  # output files of little-endian float32
    exit: str = "0"  # the original's expected exit status: a number, or "any"
    sort_lines: bool = False  # order-free output (printf from many GPU threads)

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Rules:
        d = dict(d or {})
        unknown = set(d) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown compare rule(s): {', '.join(sorted(unknown))}")
        rules = cls(**d)
        rules.rtol, rules.atol, rules.exit = float(rules.rtol), float(rules.atol), str(rules.exit)
        for pattern in [*rules.mask, *rules.ignore_lines]:
            re.compile(pattern)  # a bad regex fails when the manifest is read, not on the GPU
        return rules


def merge_rules(base: dict[str, Any] | None, over: dict[str, Any] | None) -> dict[str, Any]:
    """A program's compare rules over its corpus's defaults: lists add up, scalars replace."""
    merged: dict[str, Any] = dict(base or {})
    for key, value in (over or {}).items():
        if isinstance(value, list) and isinstance(merged.get(key), list):
            merged[key] = [*merged[key], *value]
        else:
            merged[key] = value
    return merged


def normalise(text: str, rules: Rules) -> list[str]:
    """The lines that count: ignored lines dropped, masks applied, trailing blanks removed."""
    drops = [re.compile(p) for p in rules.ignore_lines]
    masks = [re.compile(p) for p in rules.mask]
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        if any(d.search(line) for d in drops):
            continue
        for m in masks:
            line = m.sub(MASKED, line)
        lines.append(line.rstrip())
    while lines and not lines[-1]:
        lines.pop()
    return sorted(lines) if rules.sort_lines else lines


def _close(a: str, b: str, rtol: float, atol: float) -> bool:
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if x != x or y != y:  # NaN equals only NaN (and only when printed the same, above)
        return x != x and y != y
    return abs(x - y) <= atol + rtol * max(abs(x), abs(y))


def lines_match(a: str, b: str, rtol: float, atol: float) -> bool:
    """Same text between the numbers, and the numbers equal within the tolerance."""
    if a == b:
        return True
    if NUMBER.split(a) != NUMBER.split(b):
        return False
    return all(_close(x, y, rtol, atol) for x, y in zip(NUMBER.findall(a), NUMBER.findall(b),
                                                          strict=True))


def first_difference(expected: str, actual: str, rules: Rules) -> list[str]:
    """Empty when the outputs agree under the rules; else the first differing lines, diff-like."""
    a, b = normalise(expected, rules), normalise(actual, rules)
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if not lines_match(x, y, rules.rtol, rules.atol):
            return [f"line {i + 1}:", f"- {x[:200]}", f"+ {y[:200]}"]
    if len(a) != len(b):
        n = min(len(a), len(b))
        extra = (a if len(a) > n else b)[n:n + 2]
        sign = "-" if len(a) > n else "+"
        return [f"{len(a)} lines vs {len(b)}; first extra line {n + 1}:",
                *(f"{sign} {line[:200]}" for line in extra)]
    return []


@dataclass
class RunResult:
    """One execution of a built program."""

    status: str  # "ok", "exit N", "signal N", "timeout", "not-run"
    code: int | None = None
    seconds: float = 0.0
    stdout: str = ""
    stderr: str = ""
    files: dict[str, str] = field(default_factory=dict)  # output file -> content ("" if absent)
    blobs: dict[str, bytes] = field(default_factory=dict)  # binary output file -> bytes

    def summary(self) -> dict[str, Any]:
        return {"status": self.status, "exit": self.code, "seconds": round(self.seconds, 2)}


_SMALLEST_NORMAL = 1.1754944e-38


def binary_difference(a: bytes, b: bytes, rtol: float, atol: float) -> list[str]:
    """Two files of float32 values: equal within the tolerance, value by value. Non-finite
    and subnormal values (an integer header read as a float is one) must match bit for bit."""
    if a == b:
        return []
    if len(a) != len(b):
        return [f"{len(a)} bytes vs {len(b)}"]
    n = len(a) // 4
    xs, ys = struct.unpack(f"<{n}f", a[:4 * n]), struct.unpack(f"<{n}f", b[:4 * n])
    for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
        if a[4 * i:4 * i + 4] == b[4 * i:4 * i + 4]:
            continue
        exact = not all(math.isfinite(v) and (v == 0 or abs(v) >= _SMALLEST_NORMAL)
                        for v in (x, y))
        if exact or abs(x - y) > atol + rtol * max(abs(x), abs(y)):
            return [f"float {i} (byte {4 * i}):", f"- {x!r}", f"+ {y!r}"]
    if a[4 * n:] != b[4 * n:]:
        return [f"last {len(a) - 4 * n} bytes differ"]
    return []


def run_failed(run: RunResult, expected_exit: str) -> bool:
    """Did the original not finish as expected (timeout, signal, or an unexpected exit)?"""
    if run.status in ("timeout", "not-run") or run.status.startswith("signal"):
        return True
    return expected_exit != "any" and run.code != int(expected_exit)


def output_difference(reference: RunResult, other: RunResult, rules: Rules) -> list[str]:
    """First differing lines between two runs, over stdout, stderr (if asked) and files."""
    streams: list[tuple[str, str, str]] = [("stdout", reference.stdout, other.stdout)]
    if rules.stderr:
        streams.append(("stderr", reference.stderr, other.stderr))
    streams += [(name, reference.files.get(name, ""), other.files.get(name, ""))
                for name in rules.files]
    for name, a, b in streams:
        diff = first_difference(a, b, rules)
        if diff:
            return [f"{name}: {diff[0]}", *diff[1:]]
    for name in rules.binary:
        diff = binary_difference(reference.blobs.get(name, b""), other.blobs.get(name, b""),
                                 rules.rtol, rules.atol)
        if diff:
            return [f"{name}: {diff[0]}", *diff[1:]]
    return []


def decide(original_built: bool, port_built: bool, original: RunResult | None,
           again: RunResult | None, port: RunResult | None, rules: Rules) -> tuple[str, list[str]]:
    """The verdict, and the lines that explain it (an output diff, or what went wrong)."""
    if not original_built:
        return "original-fails", ["original does not build"]
    if not port_built:  # whatever the original's run gives, the port has nothing to show
        return "port-build-fail", []
    if original is None or run_failed(original, rules.exit):
        status = original.status if original else "not run"
        return "original-fails", [f"original run: {status}"]
    if again is not None:
        if run_failed(again, rules.exit):
            return "original-fails", [f"original's second run: {again.status}"]
        unstable = output_difference(original, again, rules)
        if unstable:
            return "original-fails", ["original's output varies between runs (mask it):",
                                      *unstable]
    if port is None or port.status == "not-run":
        return "port-run-fail", ["port not run"]
    if port.status == "timeout":
        return "hang", [f"port ran past its {port.seconds:.0f} s timeout"]
    if port.code != original.code:
        return "port-run-fail", [f"port {port.status}, original {original.status}"]
    diff = output_difference(original, port, rules)
    if diff:
        return "wrong-result", diff
    return "pass", []


def first_error(log: str, lines: int = 3) -> list[str]:
    """The first error lines of a compiler's log (or its last lines if none says error)."""
    picked = [line.strip() for line in log.splitlines()
              if re.search(r"\berror\b|undefined reference|multiple definition", line)]
    if not picked:
        picked = [line.strip() for line in log.strip().splitlines()[-lines:]]
    return [p[:300] for p in picked[:lines]]


def error_locations(log: str) -> list[tuple[str, int]]:
    """(file, line) of each compile error in an nvcc or gcc log, in order."""
    found = [(m.start(), m["file"], int(m["line"])) for rx in (_NVCC_ERROR, _GCC_ERROR)
             for m in rx.finditer(log)]
    return [(f, n) for _, f, n in sorted(found)]


# --- prepare (here: needs pyyaml and hipify-py) -----------------------------------------------

PROGRAM_KEYS = {"name", "folder", "sources", "include", "flags", "libs", "args", "inputs",
                "compare", "timeout", "skip", "cwd", "stdin", "orig_flags", "port_flags", "env"}


def load_manifest(path: Path) -> dict[str, Any]:
    """Read a YAML manifest and merge each program over the corpus defaults (JSON-ready)."""
    import yaml

    doc = yaml.safe_load(path.read_text())
    if not isinstance(doc, dict) or "programs" not in doc:
        raise ValueError(f"{path}: a manifest is a mapping with 'corpus' and 'programs'")
    defaults = doc.get("defaults") or {}
    programs, names = [], set()
    for p in doc["programs"]:
        unknown = set(p) - PROGRAM_KEYS
        if unknown or "name" not in p or "folder" not in p:
            raise ValueError(f"{path}: program {p.get('name')}: needs name and folder"
                             + (f"; unknown keys {sorted(unknown)}" if unknown else ""))
        if p["name"] in names:
            raise ValueError(f"{path}: program {p['name']} listed twice")
        names.add(p["name"])
        merged: dict[str, Any] = {"name": p["name"], "folder": p["folder"]}
        if p.get("skip"):
            merged["skip"] = str(p["skip"])
            programs.append(merged)
            continue
        if not p.get("sources"):
            raise ValueError(f"{path}: program {p['name']}: no sources")
        for key in ("flags", "libs", "include", "orig_flags", "port_flags"):
            merged[key] = [*defaults.get(key, []), *p.get(key, [])]
        merged["sources"] = list(p["sources"])
        merged["args"] = [str(a) for a in p.get("args", [])]
        merged["inputs"] = [str(c) for c in p.get("inputs", [])]
        merged["timeout"] = float(p.get("timeout", defaults.get("timeout", DEFAULT_TIMEOUT)))
        merged["cwd"] = p.get("cwd", "run")
        merged["stdin"] = p.get("stdin")
        merged["env"] = {str(k): str(v) for k, v in (p.get("env") or {}).items()}
        merged["compare"] = merge_rules(defaults.get("compare"), p.get("compare"))
        Rules.from_dict(merged["compare"])
        if merged["cwd"] not in ("run", "src"):
            raise ValueError(f"{path}: program {p['name']}: cwd is 'run' or 'src'")
        programs.append(merged)
    folders = sorted({*doc.get("folders", []), *(p["folder"] for p in programs
                                                  if "skip" not in p)})
    return {"corpus": doc["corpus"], "folders": folders,
            "hipify_args": [str(a) for a in doc.get("hipify_args", [])], "programs": programs}


def prepare(args: argparse.Namespace) -> int:
    root = Path(args.corpus_root).resolve()
    manifest = load_manifest(Path(args.manifest))
    bundle = Path(args.bundle).resolve()
    dest = bundle / "corpora" / manifest["corpus"]
    shutil.rmtree(dest, ignore_errors=True)
    orig, port = dest / "orig", dest / "port"
    for folder in manifest["folders"]:
        src = root / folder
        if not src.is_dir():
            sys.exit(f"{src}: no such folder in the corpus")
        shutil.copytree(src, orig / folder, symlinks=False, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".git", "*.o", "*.a", "*.so"))
    # The whole copied tree in one run, so relative includes between folders resolve.
    report = dest / "hipify-report.json"
    command = [*shlex.split(args.hipify), "translate", str(orig), "--output-dir", str(port),
               "--hip-version", args.hip_version, "--no-build-files", "--format", "json",
               "--diagnostics-output", str(report), "--quiet", *manifest["hipify_args"]]
    proc = subprocess.run(command, capture_output=True, text=True)
    if not report.exists():
        sys.exit(f"hipify-py wrote no report (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    findings = port_lines(findings_by_line(report, orig), orig, port)
    (dest / "findings.json").write_text(json.dumps(findings, indent=0))
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1))
    hip_nv = Path(args.hip_nv)
    if not (hip_nv / "hip" / "hip_runtime.h").exists():
        sys.exit(f"{hip_nv}: no HIP NVIDIA headers (bash ../shared/tools/hip-nvidia/"
                 f"make-include.sh {hip_nv})")
    shutil.rmtree(bundle / "hip-nv", ignore_errors=True)
    shutil.copytree(hip_nv, bundle / "hip-nv")
    shutil.copy2(Path(__file__).resolve(), bundle / "differential_run.py")
    generators = Path(args.manifest).resolve().parent / "gen"
    if generators.is_dir():
        shutil.rmtree(bundle / "gen", ignore_errors=True)
        shutil.copytree(generators, bundle / "gen",
                        ignore=shutil.ignore_patterns("__pycache__"))
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file())
    print(f"{manifest['corpus']}: {len(manifest['programs'])} programs, hipify-py exit "
          f"{proc.returncode}; bundle {bundle} is {size / 2**20:.1f} MiB")
    if size > 48 * 2**20:
        print("warning: the device takes at most 64 MiB with the checkout", file=sys.stderr)
    _warn_if_tracked(bundle)
    return 0


def findings_by_line(report: Path, tree: Path) -> dict[str, dict[str, list[str]]]:
    """hipify-py's findings as {path relative to the tree: {line: ["CODE severity: msg"]}}."""
    doc = json.loads(report.read_text())
    found: dict[str, dict[str, list[str]]] = {}
    for d in doc["diagnostics"]:
        rel = os.path.relpath(os.path.abspath(d["path"]), tree)
        entry = f"{d['code']} {d['severity']}: {d['message'][:200]}"
        found.setdefault(rel, {}).setdefault(str(d["line"]), []).append(entry)
    return found


def port_lines(findings: dict[str, dict[str, list[str]]], orig: Path,
               port: Path) -> dict[str, dict[str, list[str]]]:
    """The findings on the port's line numbers, which the compiler's errors give: a line the
    translation added (an include) shifts the rest. A finding on lines rewritten into a
    different number of lines goes to each line of the rewrite."""
    moved: dict[str, dict[str, list[str]]] = {}
    for rel, by_line in findings.items():
        source, translated = orig / rel, port / rel
        if not (source.is_file() and translated.is_file()):
            moved[rel] = by_line  # a report on a file it did not write (a skipped file)
            continue
        matcher = difflib.SequenceMatcher(a=source.read_bytes().splitlines(),
                                          b=translated.read_bytes().splitlines(),
                                          autojunk=False)
        target = moved.setdefault(rel, {})
        for tag, a0, a1, b0, b1 in matcher.get_opcodes():
            same = tag == "equal" or (a1 - a0) == (b1 - b0)
            for a in range(a0, a1):
                entries = by_line.get(str(a + 1))
                if not entries:
                    continue
                lines = [b0 + a - a0] if same else list(range(b0, max(b1, b0 + 1)))
                for b in lines:
                    target.setdefault(str(b + 1), []).extend(entries)
    return moved


def _warn_if_tracked(bundle: Path) -> None:
    """The bundle travels as an ignored path: warn when git would commit it instead."""
    try:
        proc = subprocess.run(["git", "-C", str(bundle.parent), "check-ignore", "-q", str(bundle)],
                              capture_output=True)
    except OSError:
        return
    if proc.returncode == 1:
        print(f"warning: {bundle} is not git-ignored (add it to .git/info/exclude)",
              file=sys.stderr)


# --- run (on the GPU machine: standard library only) ------------------------------------------

@dataclass
class Build:
    ok: bool = False
    log: str = ""
    seconds: float = 0.0
    exe: Path | None = None


@dataclass
class Job:
    """One program of one corpus, with what happened to it."""

    corpus: str
    spec: dict[str, Any]
    base: Path  # bundle/corpora/NAME
    work: Path  # scratch folder of this program
    builds: dict[str, Build] = field(default_factory=dict)
    inputs_error: str = ""
    runs: dict[str, RunResult] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.spec["name"])

    def src(self, variant: str) -> Path:
        return self.base / variant / str(self.spec["folder"])


def _nvcc() -> str:
    found = shutil.which("nvcc")
    return found or "/usr/local/cuda/bin/nvcc"


def build(job: Job, variant: str, nvcc: str, arch: str, hip_nv: Path,
          link_extra: Sequence[str]) -> Build:
    """Compile each source, then link; the port through HIP's NVIDIA platform, like hipcc."""
    started = time.monotonic()
    spec, src = job.spec, job.src(variant)
    out = job.work / variant
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    includes = [f"-I{src}", *(f"-I{(src / inc).resolve()}" for inc in spec["include"])]
    flags = [f"-arch={arch}", *spec["flags"]]
    if variant == "port":
        flags += [*HIP_NVIDIA_FLAGS, f"-I{hip_nv}", *spec["port_flags"]]
    else:
        flags += spec["orig_flags"]
    objects, log = [], []
    for i, source in enumerate(spec["sources"]):
        obj = out / f"{i}_{Path(source).stem}.o"
        lang = ["-x", "cu"] if variant == "port" and source.endswith(DEVICE_SOURCES) else []
        cmd = [nvcc, *lang, *flags, *includes, "-c", str(src / source), "-o", str(obj)]
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=src)
        log.append(f"$ {shlex.join(cmd)}\n{proc.stdout}{proc.stderr}")
        if proc.returncode:
            return Build(False, "\n".join(log), time.monotonic() - started)
        objects.append(str(obj))
    exe = out / spec["name"].replace("/", "_")
    # hipcc links libcuda on NVIDIA: HIP's layer calls the driver API behind some functions.
    libs = [*spec["libs"], *(["-lcuda"] if variant == "port" else []), *link_extra]
    cmd = [nvcc, f"-arch={arch}", *objects, "-o", str(exe), *libs]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=src)
    log.append(f"$ {shlex.join(cmd)}\n{proc.stdout}{proc.stderr}")
    return Build(proc.returncode == 0, "\n".join(log), time.monotonic() - started, exe)


def _substitute(text: str, job: Job, variant: str, bundle: Path) -> str:
    return (text.replace("{inputs}", str(job.work / "inputs"))
            .replace("{src}", str(job.src(variant)))
            .replace("{gen}", str(bundle / "gen")))


def make_inputs(job: Job, bundle: Path) -> None:
    """Run the manifest's generator commands once; both variants read the same files."""
    folder = job.work / "inputs"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for command in job.spec["inputs"]:
        line = _substitute(command, job, "orig", bundle)
        proc = subprocess.run(line, shell=True, cwd=folder, capture_output=True, text=True)
        if proc.returncode:
            job.inputs_error = f"input generator failed: {line}: {proc.stderr.strip()[:300]}"
            return


def execute(job: Job, variant: str, bundle: Path, tag: str) -> RunResult:
    """Run one build with its timeout, in a fresh folder (or its source folder, cwd: src)."""
    exe = job.builds[variant].exe
    assert exe is not None
    spec = job.spec
    cwd = job.src(variant) if spec["cwd"] == "src" else job.work / f"run-{tag}"
    if spec["cwd"] != "src":
        shutil.rmtree(cwd, ignore_errors=True)
        cwd.mkdir(parents=True)
    rules = Rules.from_dict(spec["compare"])
    for name in [*rules.files, *rules.binary]:
        (cwd / name).unlink(missing_ok=True)
    argv = [str(exe), *(_substitute(a, job, variant, bundle) for a in spec["args"])]
    feed = (Path(_substitute(spec["stdin"], job, variant, bundle)).read_bytes() if spec["stdin"]
            else None)
    env = {**os.environ, **{k: _substitute(v, job, variant, bundle)
                            for k, v in spec["env"].items()}}
    started = time.monotonic()
    # A session of its own: a hung program and its children are killed together.
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL if feed is None else subprocess.PIPE,
                            start_new_session=True, env=env)
    try:
        out, err = proc.communicate(input=feed, timeout=spec["timeout"])
        status = "ok" if proc.returncode == 0 else (
            f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit {proc.returncode}")
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        status, code = "timeout", None
    result = RunResult(status, code, time.monotonic() - started,
                       out.decode(errors="replace"), err.decode(errors="replace"))
    for name in rules.files:
        path = cwd / name
        result.files[name] = path.read_text(errors="replace") if path.exists() else ""
    for name in rules.binary:
        path = cwd / name
        result.blobs[name] = path.read_bytes() if path.exists() else b""
    (job.work / f"{tag}.stdout").write_text(result.stdout)
    (job.work / f"{tag}.stderr").write_text(result.stderr)
    return result


def findings_near(findings: dict[str, dict[str, list[str]]], rel: str,
                  line: int) -> list[str]:
    """hipify-py's findings on one line of a ported file."""
    return list(findings.get(os.path.normpath(rel), {}).get(str(line), []))


def program_findings(findings: dict[str, dict[str, list[str]]], folder: str,
                     limit: int = 12) -> list[str]:
    """The warning and error findings in a program's folder, to explain a wrong result."""
    picked = []
    for rel in sorted(findings):
        if not (rel + "/").startswith(folder.rstrip("/") + "/"):
            continue
        for line, entries in sorted(findings[rel].items(), key=lambda kv: int(kv[0])):
            picked += [f"{rel}:{line}: {e}" for e in entries
                       if " error:" in e or " warning:" in e]
    return picked[:limit]


_UNDEFINED = re.compile(r"undefined reference to `([A-Za-z_]\w*)")
SOURCE_SUFFIXES = (".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".hip", ".inl")


def undefined_symbol_lines(log: str, folder: Path, root: Path,
                           findings: dict[str, dict[str, list[str]]],
                           limit: int = 3) -> list[dict[str, Any]]:
    """A link error names no line: the lines of the program's port that use the symbol do."""
    symbols = list(dict.fromkeys(_UNDEFINED.findall(log)))[:2]
    located: list[dict[str, Any]] = []
    for symbol in symbols:
        word = re.compile(rf"\b{re.escape(symbol)}\b")
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or path.suffix not in SOURCE_SUFFIXES:
                continue
            rel = os.path.relpath(path, root)
            text = path.read_text(errors="replace")
            for n, line in enumerate(text.splitlines(), 1):
                if word.search(line) and len(located) < limit:
                    located.append({"file": rel, "line": n, "symbol": symbol,
                                    "findings": findings_near(findings, rel, n)})
    return located


def report_entry(job: Job, findings: dict[str, dict[str, list[str]]]) -> dict[str, Any]:
    """What differential.json says about one program."""
    spec = job.spec
    rules = Rules.from_dict(spec["compare"])
    ob, pb = job.builds.get("orig", Build()), job.builds.get("port", Build())
    verdict, detail = decide(ob.ok, pb.ok, job.runs.get("orig"), job.runs.get("orig2"),
                             job.runs.get("port"), rules)
    if ob.ok and pb.ok and "orig" not in job.runs and not job.inputs_error:
        # Not run (a build-only check, or past --budget): only the builds are known.
        verdict, detail = "not-run", []
    if job.inputs_error and verdict == "original-fails":
        detail = [job.inputs_error, *detail]
    entry: dict[str, Any] = {
        "corpus": job.corpus, "program": job.name, "folder": spec["folder"], "verdict": verdict,
        "original": {"build": "ok" if ob.ok else "fail", "build_seconds": round(ob.seconds, 1)},
        "port": {"build": "ok" if pb.ok else "fail", "build_seconds": round(pb.seconds, 1)},
        "detail": detail[:TAIL_LINES],
    }
    for variant, key in (("orig", "original"), ("port", "port")):
        if variant in job.runs:
            entry[key]["run"] = job.runs[variant].summary()
    if "orig2" in job.runs:
        entry["original"]["second_run"] = job.runs["orig2"].summary()
    # Paths in the logs are the bundle's: shown from orig/ and port/ on.
    base = f"{job.base}/"
    if not ob.ok and ob.log:
        entry["original"]["error"] = first_error(ob.log.replace(base, ""))
    if ob.ok and not pb.ok:
        entry["port"]["error"] = first_error(pb.log.replace(base, ""))
        located = []
        port_root = job.base / "port"
        for file, line in error_locations(pb.log)[:5]:
            path = (job.src("port") / file) if not os.path.isabs(file) else Path(file)
            try:
                rel = os.path.relpath(path.resolve(), port_root.resolve())
            except ValueError:
                continue
            if rel.startswith(".."):
                continue  # an error inside HIP's or CUDA's headers: not a line of ours
            located.append({"file": rel, "line": line,
                            "findings": findings_near(findings, rel, line)})
        if not located:
            located = undefined_symbol_lines(pb.log, job.src("port"), port_root, findings)
        entry["port"]["error_lines"] = located
        entry["flagged"] = any(loc["findings"] for loc in located)
    if verdict in ("wrong-result", "hang", "port-run-fail"):
        entry["findings"] = program_findings(findings, spec["folder"])
        port_run = job.runs.get("port")
        if port_run and verdict == "port-run-fail":
            entry["port"]["stderr"] = port_run.stderr.strip().splitlines()[-3:]
    return entry


def run(args: argparse.Namespace) -> int:
    bundle = Path(args.bundle).resolve()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    work = Path(args.work).resolve()
    started = time.monotonic()
    deadline = started + args.budget if args.budget else float("inf")
    nvcc, hip_nv = args.nvcc or _nvcc(), bundle / "hip-nv"
    link_extra = list(shlex.split(args.link_extra))
    if args.stub_libcuda:
        link_extra.append(f"-L{make_libcuda_stub(work / 'stub', nvcc)}")
    only = re.compile(args.only) if args.only else None
    jobs: list[Job] = []
    skipped: list[dict[str, str]] = []
    findings: dict[str, dict[str, dict[str, list[str]]]] = {}
    for manifest_path in sorted((bundle / "corpora").glob("*/manifest.json")):
        base = manifest_path.parent
        manifest = json.loads(manifest_path.read_text())
        corpus = manifest["corpus"]
        if args.corpus and corpus not in args.corpus:
            continue
        findings[corpus] = json.loads((base / "findings.json").read_text())
        for spec in manifest["programs"]:
            if only and not only.search(f"{corpus}/{spec['name']}"):
                continue
            if spec.get("skip"):
                skipped.append({"corpus": corpus, "program": spec["name"],
                                "reason": spec["skip"]})
                continue
            job = Job(corpus, spec, base, work / corpus / spec["name"])
            shutil.rmtree(job.work, ignore_errors=True)  # nothing of an earlier run counts
            job.work.mkdir(parents=True)
            jobs.append(job)
    print(f"{len(jobs)} programs ({len(skipped)} skipped), {args.jobs} build jobs", flush=True)

    def build_both(job: Job, variant: str) -> None:
        job.builds[variant] = build(job, variant, nvcc, args.arch, hip_nv, link_extra)
        (job.work / f"build-{variant}.log").write_text(job.builds[variant].log)
        mark = "ok" if job.builds[variant].ok else "FAIL"
        print(f"  build {job.corpus}/{job.name} {variant}: {mark} "
              f"({job.builds[variant].seconds:.1f} s)", flush=True)

    # Slowest first (most sources), so the pool does not end on one long build.
    tasks = sorted(((j, v) for j in jobs for v in ("orig", "port")),
                   key=lambda t: -len(t[0].spec["sources"]))
    with ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(lambda t: build_both(*t), tasks))
    print(f"builds done in {time.monotonic() - started:.0f} s", flush=True)
    write_results(out, jobs, skipped, findings, started, phase="built")
    if not args.build_only:
        def run_one(job: Job) -> None:
            if time.monotonic() > deadline:
                return
            if not (job.builds["orig"].ok and job.builds["port"].ok):
                return  # the verdict is known without the GPU
            make_inputs(job, bundle)
            if job.inputs_error:
                return
            job.runs["orig"] = execute(job, "orig", bundle, "orig")
            rules = Rules.from_dict(job.spec["compare"])
            if run_failed(job.runs["orig"], rules.exit):
                pass  # no reference: running the port would only spend GPU time
            else:
                job.runs["port"] = execute(job, "port", bundle, "port")
                if args.original_runs > 1:
                    job.runs["orig2"] = execute(job, "orig", bundle, "orig2")
            verdict = report_entry(job, findings[job.corpus])["verdict"]
            print(f"  run {job.corpus}/{job.name}: {verdict}", flush=True)

        with ThreadPoolExecutor(args.run_jobs) as pool:
            list(pool.map(run_one, jobs))
    write_results(out, jobs, skipped, findings, started,
                  phase="built" if args.build_only else "ran")
    keep_failures(out / "failures.tar.gz", jobs, findings)
    print(f"done in {time.monotonic() - started:.0f} s: {out / 'differential.json'}", flush=True)
    return 0


def write_results(out: Path, jobs: Iterable[Job], skipped: list[dict[str, str]],
                  findings: dict[str, dict[str, dict[str, list[str]]]], started: float,
                  phase: str) -> None:
    programs = [report_entry(j, findings[j.corpus]) for j in jobs]
    doc = {"schema": "hipify-py/differential", "version": 1, "phase": phase,
           "seconds": round(time.monotonic() - started, 1), "programs": programs,
           "skipped": skipped}
    (out / "differential.json").write_text(json.dumps(doc, indent=1))


def keep_failures(archive: Path, jobs: Iterable[Job],
                  findings: dict[str, dict[str, dict[str, list[str]]]],
                  limit: int = 256 * 1024) -> None:
    """The logs and outputs of every program that did not pass, for a diagnosis after the
    GPU machine is gone (each file cut at `limit` bytes)."""
    with tarfile.open(archive, "w:gz") as tar:
        for job in jobs:
            if report_entry(job, findings[job.corpus])["verdict"] in ("pass", "not-run"):
                continue
            for path in sorted(job.work.glob("*.*")):
                if path.is_file() and path.suffix in (".log", ".stdout", ".stderr"):
                    data = path.read_bytes()[:limit]
                    info = tarfile.TarInfo(f"{job.corpus}/{job.name}/{path.name}")
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))


def make_libcuda_stub(folder: Path, nvcc: str) -> Path:
    """A libcuda.so exporting every driver API name, to link where no driver is installed
    (the local build check); never used on the GPU machine."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / "probe.c"
    probe.write_text("#include <cuda.h>\n")
    # nvcc's preprocessor finds cuda.h wherever this toolkit keeps it.
    proc = subprocess.run([nvcc, "-E", str(probe)], capture_output=True, text=True, check=True)
    names = sorted(set(re.findall(r"\bCUresult\s+(cu\w+)\s*\(", proc.stdout)))
    stub = folder / "stub.c"
    stub.write_text("".join(f"int {n}(void) {{ return 0; }}\n" for n in names))
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(folder / "libcuda.so"), str(stub)],
                   check=True)
    return folder


# --- summarise ---------------------------------------------------------------------------------

SUMMARY_COLUMNS = ("programs", "original builds", "port builds", "pass", "wrong result", "hang",
                   "port run fails", "original fails", "skipped")
_COLUMN_OF = {"pass": "pass", "wrong-result": "wrong result", "hang": "hang",
              "port-run-fail": "port run fails", "original-fails": "original fails"}


def summarise(doc: dict[str, Any]) -> str:
    """Markdown: a table per corpus, then each failure with its first error or diff lines."""
    rows: dict[str, dict[str, int]] = {}

    def row(corpus: str) -> dict[str, int]:
        return rows.setdefault(corpus, dict.fromkeys(SUMMARY_COLUMNS, 0))

    for p in doc["programs"]:
        r = row(p["corpus"])
        r["programs"] += 1  # skipped programs are counted in their own column only
        r["original builds"] += p["original"]["build"] == "ok"
        r["port builds"] += p["port"]["build"] == "ok" and p["original"]["build"] == "ok"
        if p["verdict"] in _COLUMN_OF:
            r[_COLUMN_OF[p["verdict"]]] += 1
    for s in doc.get("skipped", []):
        row(s["corpus"])["skipped"] += 1
    if not rows:
        return "no programs\n"
    heads = list(SUMMARY_COLUMNS)
    lines = ["| corpus | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(heads)]
    total = dict.fromkeys(heads, 0)
    for corpus, r in sorted(rows.items()):
        lines.append(f"| {corpus} | " + " | ".join(str(r[h]) for h in heads) + " |")
        for h in heads:
            total[h] += r[h]
    lines.append("| **all** | " + " | ".join(f"**{total[h]}**" for h in heads) + " |")
    failures = [p for p in doc["programs"] if p["verdict"] not in ("pass", "not-run")]
    if failures:
        lines += ["", "## Failures", ""]
    for p in failures:
        lines.append(f"* **{p['corpus']}/{p['program']}**: {p['verdict']}")
        error = p["port"].get("error") or p["original"].get("error") or []
        for text in [*error[:2], *p.get("detail", [])[:4]]:
            lines.append(f"  `{text[:180]}`")
        for loc in p["port"].get("error_lines", [])[:1]:
            said = "; ".join(loc["findings"]) or "no finding on that line"
            lines.append(f"  at {loc['file']}:{loc['line']}: {said[:200]}")
        for f in p.get("findings", [])[:3]:
            lines.append(f"  finding: {f[:180]}")
    return "\n".join(lines) + "\n"


# --- command line ------------------------------------------------------------------------------

def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    prep = sub.add_parser("prepare", help="copy and translate a corpus into a bundle")
    prep.add_argument("corpus_root")
    prep.add_argument("manifest")
    prep.add_argument("--bundle", required=True,
                      help="git-ignored folder of the checkout the device receives")
    prep.add_argument("--hip-nv", default=str(DEFAULT_HIP_NV),
                      help="HIP's NVIDIA headers (../shared/tools/hip-nvidia/make-include.sh)")
    prep.add_argument("--hip-version", default="5.2", help="the HIP those headers are")
    prep.add_argument("--hipify", default=f"{sys.executable} -m hipify_py")
    r = sub.add_parser("run", help="build, run and compare every program of a bundle")
    r.add_argument("bundle")
    r.add_argument("--out", required=True)
    r.add_argument("--work", default="/tmp/differential-work")
    r.add_argument("--arch", default="sm_90")
    r.add_argument("--nvcc", help="nvcc command (default: nvcc on the PATH, else /usr/local/cuda)")
    r.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="parallel builds")
    r.add_argument("--run-jobs", type=int, default=8, help="programs run at once on the GPU")
    r.add_argument("--original-runs", type=int, default=2, choices=(1, 2),
                   help="2: run the original twice and call a varying output original-fails")
    r.add_argument("--budget", type=float, default=0,
                   help="seconds: start no program run after this (0: no limit)")
    r.add_argument("--build-only", action="store_true", help="build, run nothing (a local check)")
    r.add_argument("--stub-libcuda", action="store_true",
                   help="link against a generated libcuda stub (machines without a driver)")
    r.add_argument("--link-extra", default="", help="extra link flags for both builds")
    r.add_argument("--corpus", action="append", help="only this corpus (repeatable)")
    r.add_argument("--only", help="regex over CORPUS/PROGRAM")
    s = sub.add_parser("summarise", help="Markdown table and failures of a differential.json")
    s.add_argument("json")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "prepare": prepare, "run": run,
        "summarise": lambda a: print(summarise(json.loads(Path(a.json).read_text())), end="")
        or 0,
    }
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
