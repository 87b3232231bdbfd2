"""Prove the supplied implementations (mappings/supplied*.yaml) against CUDA's own, on a GPU.

Issue 29: every function hipify-py writes into a translated tree is compared with CUDA's
intrinsic of the same name over all inputs where that is feasible and many random ones
elsewhere; the results are kept as test data (tests/data/supplied_proofs.json), keyed by the
sha256 of the code proven, so CI (no GPU) notices code that changed since its proof.

    # a folder the device tool carries: inside the repository and git-ignored
    python scripts/prove_supplied.py bundle /work/main/.devbundle-simd --compile
    # on the GPU machine:  bash .devbundle-simd/run.sh   (writes $OUT/supplied_results.json)
    python scripts/prove_supplied.py record RESULTS.json

The program is HIP compiled for NVIDIA (nvcc with HIP's NVIDIA platform headers, issue 28): our
code sits in namespace hipify_py_supplied as the generated header has it, and `::NAME` is CUDA's.
Methods (`proof:`): lanes8 puts every pair of byte values into every two neighbouring byte
positions at once (so carries between bytes meet every case), lanes16 every pair of halfword
values into each halfword (the other lanes pseudo-random), both plus random words; a
one-argument function is run on all 2^32 words; random compares --random words per argument (default 10^8), a quarter of them built
from edge values (0, 1, -1, the extremes) lane by lane.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
MAPPINGS = ROOT / "mappings"
RECORD = ROOT / "tests" / "data" / "supplied_proofs.json"
MAKE_INCLUDE = ROOT.parent / "shared" / "tools" / "hip-nvidia" / "make-include.sh"
NAMESPACE = "hipify_py_supplied"
METHODS = ("lanes8", "lanes16", "random")
RANDOM_WORDS = 10**8
SEED = 0x5EED2029
NVCC_FLAGS = ["-O2", "-std=c++17", "-arch=sm_90", "-x", "cu", "-D__HIP_PLATFORM_NVIDIA__"]
PROGRAM, BINARY, RESULTS = "prove_supplied.cu", "prove_supplied", "supplied_results.json"

_SIGNATURE = re.compile(
    r"^\s*((?:__host__|__device__|inline|\s)+?)\s*(unsigned int|int)\s+(\w+)\s*\(([^)]*)\)",
    re.M)


@dataclass(frozen=True)
class Param:
    type: str  # "int", "unsigned int" or "bool*" (an output)
    name: str


@dataclass
class Supplied:
    name: str
    code: str
    source: str
    proof: str | None = None
    needs: list[str] = field(default_factory=list)
    hip_added: str | None = None
    helper: bool = False  # used by other entries only: no `using` exposes it

    @property
    def sha256(self) -> str:
        return code_digest(self.code)


def code_digest(code: str) -> str:
    """What a proof is keyed by: the code text exactly as the YAML gives it."""
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def load_supplied(mappings: Path = MAPPINGS) -> dict[str, Supplied]:
    """Every entry of every mappings/supplied*.yaml, in file order."""
    out: dict[str, Supplied] = {}
    for path in sorted(mappings.glob("supplied*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for name, raw in (doc.get("supplied") or {}).items():
            if name in out:
                raise ValueError(f"{path}: {name} is supplied twice (also in {out[name].source})")
            if not isinstance(raw, dict) or not isinstance(raw.get("code"), str):
                raise ValueError(f"{path}: {name} needs a code text")
            proof = raw.get("proof")
            if proof is not None and proof not in METHODS:
                raise ValueError(f"{path}: {name}: proof must be one of {METHODS}, not {proof!r}")
            out[name] = Supplied(name, raw["code"], path.name, proof, list(raw.get("needs") or []),
                                 raw.get("hip_added"), bool(raw.get("helper", False)))
    for entry in out.values():
        for need in entry.needs:
            if need not in out:
                raise ValueError(f"{entry.source}: {entry.name} needs {need}, which nothing supplies")
    return out


def in_dependency_order(entries: dict[str, Supplied],
                        names: list[str] | None = None) -> list[Supplied]:
    """The named entries (default: all) and what they need, each after what it needs (file order
    otherwise): the order the code must appear in."""
    done: dict[str, Supplied] = {}

    def visit(entry: Supplied, path: tuple[str, ...]) -> None:
        if entry.name in done:
            return
        if entry.name in path:
            raise ValueError(f"supplied code needs itself: {' -> '.join((*path, entry.name))}")
        for need in entry.needs:
            visit(entries[need], (*path, entry.name))
        done[entry.name] = entry

    for name in entries if names is None else names:
        visit(entries[name], ())
    return list(done.values())


def proven_closure(entries: dict[str, Supplied]) -> list[Supplied]:
    """The entries with a proof and what they need: device functions of known shape (the
    runtime entries beside them, host code and macros, are the header generator's to test)."""
    return in_dependency_order(entries, [n for n, e in entries.items() if e.proof])


def namespace_source(entries: list[Supplied]) -> str:
    """The entries' code as the generated header holds it (no HIP version guards here)."""
    body = "\n".join(e.code.rstrip("\n") + "\n" for e in entries)
    return f"namespace {NAMESPACE} {{\n\n{body}\n}}  // namespace {NAMESPACE}\n"


def signature(entry: Supplied) -> tuple[str, list[Param]]:
    """The return type and parameters of the function the entry's code defines."""
    for m in _SIGNATURE.finditer(entry.code):
        if m.group(3) != entry.name:
            continue
        params = []
        for raw in filter(None, (p.strip() for p in m.group(4).split(","))):
            words = raw.replace("*", " * ").replace("const", " ").split()
            name, ptr = words[-1], "*" in words
            base = " ".join(w for w in words[:-1] if w != "*")
            if ptr and base == "bool":
                params.append(Param("bool*", name))
            elif not ptr and base in ("int", "unsigned int", "unsigned"):
                params.append(Param("int" if base == "int" else "unsigned int", name))
            else:
                raise ValueError(f"{entry.name}: cannot prove a parameter {raw!r}")
        return m.group(2), params
    raise ValueError(f"{entry.name}: its code does not define {entry.name}(...)")


# --- the CUDA program -------------------------------------------------------------------------

_PRELUDE = r"""// Generated by scripts/prove_supplied.py bundle: CUDA's SIMD intrinsics (::NAME) against
// hipify-py's supplied code (hipify_py_supplied::NAME), compiled through HIP's NVIDIA platform.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

"""

_HARNESS = r"""
#define CHECK(x)                                                              \
  do {                                                                        \
    hipError_t e_ = (x);                                                      \
    if (e_ != hipSuccess) {                                                   \
      std::fprintf(stderr, "%s: %s\n", #x, hipGetErrorString(e_));            \
      std::exit(2);                                                           \
    }                                                                         \
  } while (0)

enum Phase { ALL32 = 0, LANE8 = 1, SPLAT8 = 2, LANE16 = 3, RANDOM = 4 };
static const char* const kPhaseNames[] = {"all32", "lane8", "splat8", "lane16", "random"};

// A bijective 32-bit mixer (lowbias32): distinct counters give distinct words.
__host__ __device__ inline unsigned int mix32(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

__host__ __device__ inline unsigned int word(unsigned long long k, unsigned int salt) {
  return mix32(mix32(static_cast<unsigned int>(k) + salt * 0x9e3779b9u) ^
               static_cast<unsigned int>(k >> 32));
}

// Random words, a quarter with edge values in every halfword and a quarter in every byte, so
// that saturation, overflow and sign boundaries meet each other often.
__host__ __device__ inline unsigned int random_word(unsigned long long k, unsigned int salt) {
  unsigned int w = word(k, salt);
  unsigned int pick = word(k, salt + 0x51u);
  if ((k & 3u) == 0) {
    const unsigned int e16[8] = {0x0000u, 0x0001u, 0x7fffu, 0x8000u,
                                 0xffffu, 0x8001u, 0x7ffeu, 0xfffeu};
    unsigned int lo = (pick & 8u) ? (w & 0xffffu) : e16[pick & 7u];
    unsigned int hi = (pick & 0x80u) ? (w >> 16) : e16[(pick >> 4) & 7u];
    return lo | (hi << 16);
  }
  if ((k & 3u) == 1) {
    const unsigned int e8[8] = {0x00u, 0x01u, 0x7fu, 0x80u, 0xffu, 0x81u, 0x7eu, 0xfeu};
    unsigned int r = 0;
    for (int i = 0; i < 4; ++i) {
      unsigned int sel = pick >> (4 * i);
      unsigned int byte = (sel & 8u) ? ((w >> (8 * i)) & 0xffu) : e8[sel & 7u];
      r |= byte << (8 * i);
    }
    return r;
  }
  return w;
}

// Input number k of a phase; pos is the lane position the exhaustive phases sweep.
__host__ __device__ inline void make_input(int phase, int pos, unsigned long long k,
                                           unsigned int seed, unsigned int* a, unsigned int* b,
                                           unsigned int* c) {
  switch (phase) {
    case ALL32:  // every 32-bit word (one-argument functions)
      *a = static_cast<unsigned int>(k);
      *b = *c = 0u;
      return;
    case LANE8: {  // every byte pair in bytes `pos` and `pos` + 1 together, the others random
      unsigned int sh = 8u * static_cast<unsigned int>(pos), m = 0xffffu << sh;
      unsigned int w = static_cast<unsigned int>(k);  // a's two bytes, b's two bytes
      unsigned int x = (w & 0xffu) | ((w >> 8) & 0xff00u), y = ((w >> 8) & 0xffu) | (w >> 24 << 8);
      *a = (word(k, seed + 1u) & ~m) | (x << sh);
      *b = (word(k, seed + 2u) & ~m) | (y << sh);
      *c = 0u;
      return;
    }
    case SPLAT8:  // every byte pair in all four bytes at once
      *a = (static_cast<unsigned int>(k) & 0xffu) * 0x01010101u;
      *b = (static_cast<unsigned int>(k >> 8) & 0xffu) * 0x01010101u;
      *c = 0u;
      return;
    case LANE16: {  // every halfword pair in halfword `pos`, the other pseudo-random
      unsigned int sh = 16u * static_cast<unsigned int>(pos), m = 0xffffu << sh;
      *a = (word(k, seed + 3u) & ~m) | ((static_cast<unsigned int>(k) & 0xffffu) << sh);
      *b = (word(k, seed + 4u) & ~m) | ((static_cast<unsigned int>(k >> 16) & 0xffffu) << sh);
      *c = 0u;
      return;
    }
    default:
      *a = random_word(k, seed + 5u);
      *b = random_word(k, seed + 6u);
      *c = random_word(k, seed + 7u);
      return;
  }
}

struct Tally {
  unsigned long long mismatches;
  unsigned long long first;  // launch number << 40 | input number, of the first mismatch
};

template <class F>
__global__ void compare_kernel(int phase, int pos, unsigned long long n, unsigned int seed,
                               unsigned long long tag, Tally* tally) {
  unsigned long long count = 0, first = ~0ull;
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long k = static_cast<unsigned long long>(blockIdx.x) * blockDim.x +
                              threadIdx.x;
       k < n; k += stride) {
    unsigned int a, b, c;
    make_input(phase, pos, k, seed, &a, &b, &c);
    // Opaque copies for our side: otherwise nvcc proves identical code equal and drops the
    // comparison (a first run showed __vadd4's 1.3e10 inputs "compared" in no time at all).
    unsigned int a2 = a, b2 = b, c2 = c;
    asm volatile("" : "+r"(a2), "+r"(b2), "+r"(c2));
    if (F::cuda(a, b, c) != F::ours(a2, b2, c2)) {
      if (count == 0) first = tag | k;  // a thread's inputs rise, so its first is its least
      ++count;
    }
  }
  if (count != 0) {  // one atomic per thread, not per mismatch
    atomicAdd(&tally->mismatches, count);
    atomicMin(&tally->first, first);
  }
}

template <class F>
__global__ void eval_kernel(unsigned int a, unsigned int b, unsigned int c,
                            unsigned long long* out) {
  out[0] = F::cuda(a, b, c);
  out[1] = F::ours(a, b, c);
}

struct Launch {
  int phase, pos;
  unsigned long long n;
};

static FILE* g_json;
static int g_blocks;
static bool g_first_entry = true;
static double g_total_seconds;

template <class F>
static void prove(const char* name, const char* method, const char* sha256,
                  const Launch* launches, int count, unsigned int seed, Tally* tally) {
  CHECK(hipMemset(tally, 0, sizeof(Tally)));
  CHECK(hipMemset(&tally->first, 0xff, sizeof(unsigned long long)));
  unsigned long long inputs = 0;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < count; ++i) {
    compare_kernel<F><<<g_blocks, 256>>>(launches[i].phase, launches[i].pos, launches[i].n,
                                         seed, static_cast<unsigned long long>(i) << 40, tally);
    CHECK(hipGetLastError());
    inputs += launches[i].n;
  }
  Tally host;
  CHECK(hipMemcpy(&host, tally, sizeof(Tally), hipMemcpyDeviceToHost));
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  g_total_seconds += seconds;
  std::fprintf(g_json, "%s\n    \"%s\": {\"method\": \"%s\", \"sha256\": \"%s\", "
               "\"inputs\": %llu, \"mismatches\": %llu, \"seconds\": %.3f",
               g_first_entry ? "" : ",", name, method, sha256, inputs, host.mismatches, seconds);
  g_first_entry = false;
  if (host.mismatches != 0) {
    const Launch& l = launches[host.first >> 40];
    unsigned long long k = host.first & ((1ull << 40) - 1);
    unsigned int a, b, c;
    make_input(l.phase, l.pos, k, seed, &a, &b, &c);
    unsigned long long* out;
    unsigned long long got[2];
    CHECK(hipMalloc(&out, sizeof(got)));
    eval_kernel<F><<<1, 1>>>(a, b, c, out);
    CHECK(hipMemcpy(got, out, sizeof(got), hipMemcpyDeviceToHost));
    CHECK(hipFree(out));
    std::fprintf(g_json, ", \"first_mismatch\": {\"phase\": \"%s\", \"pos\": %d, "
                 "\"a\": \"0x%08x\", \"b\": \"0x%08x\", \"c\": \"0x%08x\", "
                 "\"cuda\": \"0x%llx\", \"ours\": \"0x%llx\"}",
                 kPhaseNames[l.phase], l.pos, a, b, c, got[0], got[1]);
  }
  std::fprintf(g_json, "}");
  std::fflush(g_json);
  std::printf("%-24s %-8s %14llu inputs %12llu mismatches %8.2f s\n", name, method, inputs,
              host.mismatches, seconds);
  std::fflush(stdout);
}
"""

_MAIN = r"""
int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s RESULTS.json\n", argv[0]);
    return 2;
  }
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  CHECK(hipDriverGetVersion(&driver));
  CHECK(hipRuntimeGetVersion(&runtime));
  g_blocks = prop.multiProcessorCount * 8;
  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  g_json = std::fopen(argv[1], "w");
  if (g_json == nullptr) {
    std::perror(argv[1]);
    return 2;
  }
  std::fprintf(g_json, "{\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"driver\": %d,\n"
               "  \"runtime\": %d,\n  \"seed\": %u,\n  \"functions\": {", prop.name, date,
               driver, runtime, SEED);
  std::printf("%s, driver %d, runtime %d\n", prop.name, driver, runtime);
  Tally* tally;
  CHECK(hipMalloc(&tally, sizeof(Tally)));
@CALLS@
  std::fprintf(g_json, "\n  },\n  \"seconds\": %.3f,\n  \"complete\": true\n}\n", g_total_seconds);
  std::fclose(g_json);
  CHECK(hipFree(tally));
  std::printf("done in %.1f s of GPU work\n", g_total_seconds);
  return 0;
}
"""


# The negative control: CUDA's __vadd4 against itself with one input pair made wrong, which the
# exhaustive lane8 sweep must find (and report as its first mismatch). Proves the harness can fail.
CONTROL = "(control)"
CONTROL_INPUT = (0x8001, 0x7F80)  # low halfwords of a and b
_CONTROL = f"""
struct FControl {{  // planted defect: one pair of byte values in bytes 0 and 1
  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, unsigned int c) {{
    (void)c;
    return ::__vadd4(a, b);
  }}
  __device__ static unsigned long long ours(unsigned int a, unsigned int b, unsigned int c) {{
    (void)c;
    bool planted = (a & 0xffffu) == {CONTROL_INPUT[0]:#x}u && (b & 0xffffu) == {CONTROL_INPUT[1]:#x}u;
    return ::__vadd4(a, b) ^ (planted ? 1u : 0u);
  }}
}};
"""
_CONTROL_CALL = f"""  {{
    const Launch l[] = {{{{LANE8, 0, 4294967296ull}}}};
    prove<FControl>("{CONTROL}", "lanes8", "-", l, 1, SEED, tally);
  }}"""


def launches(entry: Supplied, arity: int, random_words: int) -> list[tuple[str, int, int]]:
    """(phase, lane position, inputs) for each kernel launch of the entry's proof."""
    if entry.proof in ("lanes8", "lanes16") and arity == 1:
        return [("ALL32", 0, 1 << 32)]  # every word: more than every lane value
    if entry.proof == "lanes8" and arity == 2:
        return [*(("LANE8", p, 1 << 32) for p in range(3)), ("SPLAT8", 0, 1 << 16),
                ("RANDOM", 0, random_words)]
    if entry.proof == "lanes16" and arity == 2:
        return [*(("LANE16", p, 1 << 32) for p in range(2)), ("RANDOM", 0, random_words)]
    if entry.proof == "random":
        return [("RANDOM", 0, random_words)]
    raise ValueError(f"{entry.name}: proof {entry.proof} needs one or two arguments, not {arity}")


def _adapter(index: int, entry: Supplied) -> str:
    """F<index>: both functions as (a, b, c) -> the result, predicates above bit 32."""
    _, params = signature(entry)
    values = [p for p in params if p.type != "bool*"]
    preds = [p for p in params if p.type == "bool*"]
    inputs = "abc"
    args: list[str] = []
    k = 0
    for p in params:
        if p.type == "bool*":
            args.append(f"&p{len(args) - k}")
        else:
            args.append(f"static_cast<{p.type}>({inputs[k]})")
            k += 1
    pred_decl = f"bool {', '.join(f'p{i} = false' for i in range(len(preds)))};" if preds else ""
    pred_bits = "".join(f" | (static_cast<unsigned long long>(p{i}) << {32 + i})"
                        for i in range(len(preds)))
    unused = " ".join(f"(void){v};" for v in inputs[len(values):])

    def body(qualified: str) -> str:
        call = f"{qualified}({', '.join(args)})"
        lines = [unused, pred_decl,
                 f"unsigned long long r = static_cast<unsigned int>({call});",
                 f"return r{pred_bits};"]
        return "\n".join(f"    {line}" for line in lines if line)

    return (f"struct F{index} {{  // {entry.name}\n"
            f"  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body('::' + entry.name)}\n  }}\n"
            f"  __device__ static unsigned long long ours(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body(NAMESPACE + '::' + entry.name)}\n  }}\n}};\n")


def program(entries: dict[str, Supplied], random_words: int = RANDOM_WORDS,
            seed: int = SEED) -> str:
    """One CUDA program that proves every entry with a proof."""
    ordered = proven_closure(entries)
    proven = [e for e in ordered if e.proof]
    adapters, calls = [], []
    for i, entry in enumerate(proven):
        _, params = signature(entry)
        arity = sum(p.type != "bool*" for p in params)
        if not 1 <= arity <= 3:
            raise ValueError(f"{entry.name}: cannot prove a function of {arity} arguments")
        adapters.append(_adapter(i, entry))
        rows = [f"{{{phase}, {pos}, {n}ull}}" for phase, pos, n in launches(entry, arity, random_words)]
        calls.append(f"  {{\n    const Launch l[] = {{{', '.join(rows)}}};\n"
                     f"    prove<F{i}>(\"{entry.name}\", \"{entry.proof}\", \"{entry.sha256}\", "
                     f"l, {len(rows)}, SEED, tally);\n  }}")
    calls.append(_CONTROL_CALL)
    return (_PRELUDE + namespace_source(ordered) + f"\nstatic const unsigned int SEED = {seed}u;\n"
            + _HARNESS + "\n" + "\n".join(adapters) + _CONTROL
            + _MAIN.replace("@CALLS@", "\n".join(calls)))


def _git_ignored(path: Path) -> bool:
    top = subprocess.run(["git", "-C", str(path.parent), "rev-parse", "--show-toplevel"],
                         capture_output=True, text=True, check=False)
    if top.returncode != 0:
        return False
    check = subprocess.run(["git", "-C", top.stdout.strip(), "check-ignore", "-q", str(path)],
                           check=False)
    return check.returncode == 0


def ensure_hip_nv(hip_nv: Path) -> Path:
    """HIP's NVIDIA platform headers for CUDA 13 (../shared/tools/hip-nvidia), made if missing."""
    if not (hip_nv / "hip" / "hip_runtime.h").is_file():
        if not MAKE_INCLUDE.is_file():
            raise SystemExit(f"no {hip_nv}/hip/hip_runtime.h and no {MAKE_INCLUDE} to make it")
        subprocess.run(["bash", str(MAKE_INCLUDE), str(hip_nv)], check=True)
    return hip_nv


RUN_SH = """#!/usr/bin/env bash
# Written by scripts/prove_supplied.py bundle. Runs the proof on the GPU machine; the results go
# to $OUT (the device tool's folder) or here. Builds the program if no binary came along.
set -euo pipefail
cd "$(dirname "$0")"
[ -x {binary} ] || nvcc {flags} -I hip-nv {program} -o {binary}
./{binary} "${{OUT:-.}}/{results}"
"""


def bundle(directory: Path, *, hip_nv: Path, compile_here: bool, random_words: int) -> None:
    directory = directory.resolve()
    created = not directory.exists()
    directory.mkdir(parents=True, exist_ok=True)  # a pattern like "/.bundle*/" needs the folder
    if not _git_ignored(directory):
        if created:
            directory.rmdir()
        raise SystemExit(f"{directory} must be inside a git checkout and ignored by it "
                         "(the device tool carries only the checkout the session started in)")
    entries = load_supplied()
    (directory / PROGRAM).write_text(program(entries, random_words), encoding="utf-8")
    target = directory / "hip-nv"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ensure_hip_nv(hip_nv), target)
    run_sh = directory / "run.sh"
    run_sh.write_text(RUN_SH.format(binary=BINARY, flags=" ".join(NVCC_FLAGS), program=PROGRAM,
                                    results=RESULTS), encoding="utf-8")
    run_sh.chmod(0o755)
    (directory / BINARY).unlink(missing_ok=True)
    if compile_here:
        subprocess.run(["nvcc", *NVCC_FLAGS, "-I", str(target), str(directory / PROGRAM),
                        "-o", str(directory / BINARY)], check=True)
    proven = sum(1 for e in entries.values() if e.proof)
    print(f"{directory}: {proven} functions to prove; run: bash {directory.name}/run.sh")


def _read_results(text: str) -> dict[str, Any]:
    """A run's results; a run cut off (timeout) up to its last whole function."""
    try:
        return dict(json.loads(text))
    except json.JSONDecodeError:
        pass
    end = len(text)
    while (end := text.rfind("}", 0, end)) > 0:
        try:
            return dict(json.loads(text[:end + 1] + '\n  },\n  "complete": false\n}'))
        except json.JSONDecodeError:
            continue
    raise SystemExit("no results in that file")


def record(results_file: Path, out: Path = RECORD) -> int:
    """Merge a run's results into the test data; 1 if any function mismatched or is stale."""
    results = _read_results(results_file.read_text(encoding="utf-8"))
    entries = load_supplied()
    status = 0
    control = results["functions"].pop(CONTROL, None)
    first = (control or {}).get("first_mismatch") or {}
    if control is not None and not (
            first.get("phase") == "lane8" and first.get("pos") == 0
            and int(first["a"], 16) & 0xFFFF == CONTROL_INPUT[0]
            and int(first["b"], 16) & 0xFFFF == CONTROL_INPUT[1]):
        print(f"the negative control did not find its planted mismatch: {control}",
              file=sys.stderr)
        return 1
    kept: dict[str, Any] = {}
    if out.is_file():
        kept = json.loads(out.read_text(encoding="utf-8")).get("proofs", {})
    for name, res in results["functions"].items():
        if name not in entries:
            print(f"{name}: no longer supplied; not recorded", file=sys.stderr)
            continue
        if res["sha256"] != entries[name].sha256:
            print(f"{name}: its code changed since this run; proven code recorded, test will fail",
                  file=sys.stderr)
            status = 1
        if res["mismatches"]:
            print(f"{name}: {res['mismatches']} mismatches, first {res.get('first_mismatch')}",
                  file=sys.stderr)
            status = 1
        row = {"sha256": res["sha256"], "method": res["method"], "inputs": res["inputs"],
               "mismatches": res["mismatches"], "device": results["device"],
               "date": results["date"], "cuda_driver": results["driver"],
               "cuda_runtime": results["runtime"]}
        if "first_mismatch" in res:
            row["first_mismatch"] = res["first_mismatch"]
        kept[name] = row
    if not results.get("complete"):
        print(f"{results_file}: the run did not finish; recorded what it proved", file=sys.stderr)
    missing = [n for n, e in entries.items() if e.proof and n not in kept]
    if missing:
        print(f"not proven yet: {', '.join(missing)}", file=sys.stderr)
        status = 1
    out.parent.mkdir(parents=True, exist_ok=True)
    about = ("Supplied functions (mappings/supplied*.yaml) compared with CUDA's own on a GPU by "
             "scripts/prove_supplied.py; keyed by the sha256 of the code proven.")
    rows = ",\n".join(f"  {json.dumps(n)}: {json.dumps(r)}" for n, r in sorted(kept.items()))
    # One line per function: a re-proof shows as the lines of what changed.
    out.write_text(f'{{\n"about": {json.dumps(about)},\n"proofs": {{\n{rows}\n}}\n}}\n',
                   encoding="utf-8")
    print(f"{out}: {len(kept)} proofs")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bundle", help="write the proof program, HIP's NVIDIA headers and run.sh")
    b.add_argument("dir", type=Path, help="a git-ignored folder inside the checkout")
    b.add_argument("--hip-nv", type=Path, default=Path("/tmp/hip-nv"),
                   help="HIP's NVIDIA platform headers (made by make-include.sh if missing)")
    b.add_argument("--compile", action="store_true",
                   help="compile here with nvcc too (a check, and a binary the GPU machine uses)")
    b.add_argument("--random", type=int, default=RANDOM_WORDS, help="random inputs per function")
    r = sub.add_parser("record", help=f"write {RECORD.relative_to(ROOT)} from a run's results")
    r.add_argument("results", type=Path)
    args = parser.parse_args(argv)
    if args.command == "bundle":
        bundle(args.dir, hip_nv=args.hip_nv, compile_here=args.compile, random_words=args.random)
        return 0
    return record(args.results)


if __name__ == "__main__":
    sys.exit(main())
