"""Prove the supplied implementations (mappings/supplied*.yaml) against CUDA's own, on a GPU.

Issue 29: every function hipify-py writes into a translated tree is compared with CUDA's
intrinsic of the same name over all inputs where that is feasible and many random ones
elsewhere; the results are kept as test data (tests/data/supplied_proofs.json), keyed by the
sha256 of the code proven, so CI (no GPU) notices code that changed since its proof.

    # a folder the device tool carries: inside the repository and git-ignored
    python scripts/prove_supplied.py bundle /work/main/.devbundle-simd --compile
    #   (--only supplied_half.yaml, --only __hmax2: prove those alone; the records merge)
    # on the GPU machine:  bash .devbundle-simd/run.sh   (writes $OUT/supplied_results.json)
    python scripts/prove_supplied.py record RESULTS.json
    # host functions (NVML's, --only supplied_nvml.yaml): nvml.h from the nvidia-nvml-dev wheel
    # (pip install --no-deps --target /tmp/handhip/nvml nvidia-nvml-dev); the run writes
    # $OUT/host_results.json, recorded the same way

The program is HIP compiled for NVIDIA (nvcc with HIP's NVIDIA platform headers, issue 28): our
code sits in namespace hipify_py_supplied as the generated header has it, and `::NAME` is CUDA's.
Methods (`proof:`): lanes8 puts every pair of byte values into every two neighbouring byte
positions at once (so carries between bytes meet every case), lanes16 every pair of halfword
values into each halfword (the other lanes pseudo-random), both plus random words; a
one-argument function is run on all 2^32 words; random compares --random words per argument
(default 10^8), a quarter of them built from edge values (0, 1, -1, the extremes) lane by lane;
functor compares a libcu++ function object (cuda::maximum) with ours the same way, its words
read as floats, doubles, ints and an int with a float (the untyped form) in turn.

Host functions are proven by a host program of their own (prove_host.cpp): nvml compares each
supplied NVML function (mappings/supplied_nvml.yaml) with NVML's own, loaded from the driver's
libnvidia-ml.so.1, on every GPU of the machine and on the error paths (before nvmlInit, after
nvmlShutdown, null pointers, a short name buffer, unknown and malformed bus ids, invalid clock
types): the return codes, the values, the names, the error strings, and which device a handle
found by index and by each of NVML's bus-id forms is; nvml_peak records NVML's current clock and
ours (the peak) side by side and compares only the return codes. Its negative control, a
MaxClockInfo one MHz off and an occupancy calculator a warp off, must be caught. The values of
our enumerators and constants are checked against nvml.h when it compiles (static_assert).
occupancy compares an occupancy calculator HIP lacks (hipOccupancyMaxPotentialBlockSizeVariableSMem
before HIP 5.5) with CUDA's own, for kernels of different register, shared memory and
launch-bound limits, dynamic shared memory sizes that grow with the block or not, block size
limits and flags: the block and grid sizes must be CUDA's. A host proof is keyed by the sha256 of the function's code with
everything it needs, so a changed helper needs a new proof too.

Half-precision functions (mappings/supplied_half.yaml) are proven the same way on their bits:
a `__half` is the low halfword of a word, a `__half2` the whole word (low lane low), results
compared bit for bit (NaNs too: CUDA's canonical NaN is 0x7FFF). lanes16 sweeps each lane a
half2 has (one for __half); a one-argument __half function is run on all 2^16 values; their
random words take a quarter of their halves from half's edge values (zeros, infinities, NaNs,
the largest, the subnormal boundary) and a quarter near 1, so that fused operations cancel. A
double argument gets every half value, every midpoint between neighbouring halves and the
doubles either side of it, then --random doubles, most of them in and around half's range.
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
DEVICE_METHODS = ("lanes8", "lanes16", "random", "functor", "atomic", "atomic_scope")
HOST_METHODS = ("nvml", "nvml_peak", "occupancy")  # the host program (prove_host.cpp)
METHODS = DEVICE_METHODS + HOST_METHODS
RANDOM_WORDS = 10**8
SEED = 0x5EED2029
NVCC_FLAGS = ["-O2", "-std=c++17", "-arch=sm_90", "-x", "cu", "-D__HIP_PLATFORM_NVIDIA__"]
PROGRAM, BINARY, RESULTS = "prove_supplied.cu", "prove_supplied", "supplied_results.json"
HOST_PROGRAM, HOST_BINARY, HOST_RESULTS = "prove_host.cpp", "prove_host", "host_results.json"
NVML_INCLUDE = Path("/tmp/handhip/nvml/nvidia/cu13/include")  # the nvidia-nvml-dev wheel's
HOST_CONTROL = "(control host)"

RESULT_TYPES = ("unsigned int", "int", "__half2", "__half", "signed char", "unsigned char")
_SIGNATURE = re.compile(
    r"^\s*((?:__host__|__device__|inline|\s)+?)\s*(" + "|".join(RESULT_TYPES)
    + r")\s+(\w+)\s*\(([^)]*)\)", re.M)
# template <typename H, typename std::enable_if<std::is_same<H, __half2>::value, int>::type = 0>
_SAME_TYPE = re.compile(r"std::is_same<\s*(\w+)\s*,\s*([\w ]+?)\s*>")
HALF_TYPES = ("__half", "__half2", "double")  # arguments the half phases make


@dataclass(frozen=True)
class Param:
    type: str  # "int", "unsigned int", "__half", "__half2", "double" or "bool*" (an output)
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
    includes: list[str] = field(default_factory=list)  # headers beyond hip/hip_runtime.h
    macro: bool = False  # a preprocessor definition, written at top level

    @property
    def sha256(self) -> str:
        return code_digest(self.code)

    @property
    def host(self) -> bool:
        return self.proof in HOST_METHODS


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
                                 raw.get("hip_added"), bool(raw.get("helper", False)),
                                 list(raw.get("includes") or []), bool(raw.get("macro", False)))
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
    """The entries with a device proof and what they need: device functions of known shape (the
    runtime entries beside them, host code and macros, are the header generator's to test; the
    host functions have a program of their own)."""
    return in_dependency_order(entries, [n for n, e in entries.items()
                                         if e.proof in DEVICE_METHODS])


def proof_digest(entries: dict[str, Supplied], name: str) -> str:
    """What the entry's proof is keyed by: its code; for a host function, its code and the code
    of everything it needs (in the order the header writes it), which its result depends on."""
    entry = entries[name]
    if not entry.host:
        return entry.sha256
    return code_digest("\n".join(e.code for e in in_dependency_order(entries, [name])))


def promised_inputs(entry: Supplied, random_words: int) -> int:
    """The inputs a proof must have compared: a device proof's launches; a host proof, at least
    one comparison (the program compares what the machine's GPUs allow)."""
    if entry.host:
        return 1
    return sum(n for _, _, n in launches(entry, random_words))


def include_lines(entries: list[Supplied]) -> str:
    """The #include lines the entries' code needs, as the generated header has them."""
    return "".join(f"#include <{h}>\n" for h in sorted({h for e in entries for h in e.includes}))


def namespace_source(entries: list[Supplied]) -> str:
    """The entries' code as the generated header holds it (no HIP version guards here)."""
    body = "\n".join(e.code.rstrip("\n") + "\n" for e in entries)
    return f"namespace {NAMESPACE} {{\n\n{body}\n}}  // namespace {NAMESPACE}\n"


def signature(entry: Supplied) -> tuple[str, list[Param]]:
    """The return type and parameters of the function the entry's code defines (a template
    parameter constrained by std::is_same<H, T> is taken as T)."""
    constrained = dict(_SAME_TYPE.findall(entry.code))
    for m in _SIGNATURE.finditer(entry.code):
        if m.group(3) != entry.name:
            continue
        params = []
        for raw in filter(None, (p.strip() for p in m.group(4).split(","))):
            words = raw.replace("*", " * ").replace("const", " ").split()
            name, ptr = words[-1], "*" in words
            base = " ".join(w for w in words[:-1] if w != "*")
            base = constrained.get(base, base)
            if ptr and base == "bool":
                params.append(Param("bool*", name))
            elif not ptr and base in ("int", "unsigned int", "unsigned"):
                params.append(Param("int" if base == "int" else "unsigned int", name))
            elif not ptr and base in HALF_TYPES:
                params.append(Param(base, name))
            else:
                raise ValueError(f"{entry.name}: cannot prove a parameter {raw!r}")
        if sum(p.type == "double" for p in params) > 1:
            raise ValueError(f"{entry.name}: a double takes two words; one double at most")
        return m.group(2), params
    raise ValueError(f"{entry.name}: its code does not define {entry.name}(...)")


def is_half(result: str, params: list[Param]) -> bool:
    """Whether the function works on half (or double) values: the half phases' inputs."""
    return result in ("__half", "__half2") or any(p.type in HALF_TYPES for p in params)


# --- the CUDA program -------------------------------------------------------------------------

_PRELUDE = r"""// Generated by scripts/prove_supplied.py bundle: CUDA's intrinsics (::NAME) against
// hipify-py's supplied code (hipify_py_supplied::NAME), compiled through HIP's NVIDIA platform.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

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

enum Phase {
  ALL32 = 0, LANE8 = 1, SPLAT8 = 2, LANE16 = 3, RANDOM = 4,
  ALL16 = 5, RANDOM_HALF = 6, TIES_DOUBLE = 7, RANDOM_DOUBLE = 8
};
static const char* const kPhaseNames[] = {"all32", "lane8", "splat8", "lane16", "random",
                                          "all16", "random_half", "ties_double",
                                          "random_double"};

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

// Random half2 words: in each lane a quarter edge values (zeros, infinities, NaNs, the largest,
// the subnormal boundary), a quarter near 1 (so that fused operations meet cancellation), the
// rest any bits.
__host__ __device__ inline unsigned int random_half_word(unsigned long long k, unsigned int salt) {
  const unsigned int edges[16] = {0x0000u, 0x8000u, 0x3c00u, 0xbc00u, 0x7c00u, 0xfc00u,
                                  0x7e00u, 0x7fffu, 0x7bffu, 0xfbffu, 0x0001u, 0x8001u,
                                  0x0400u, 0x03ffu, 0x83ffu, 0xfe00u};
  unsigned int w = word(k, salt), pick = word(k, salt + 0x51u), r = 0;
  for (int i = 0; i < 2; ++i) {
    unsigned int sel = (pick >> (8 * i)) & 0xffu, lane = (w >> (16 * i)) & 0xffffu;
    if ((sel & 3u) == 0u) {
      lane = edges[(sel >> 2) & 15u];
    } else if ((sel & 3u) == 1u) {  // exponent 12..18: magnitudes 2^-3 .. 2^3
      lane = (lane & 0x83ffu) | ((12u + (sel >> 2) % 7u) << 10);
    }
    r |= lane << (16 * i);
  }
  return r;
}

__host__ __device__ inline unsigned long long double_bits(double d) {
  unsigned long long b;
  __builtin_memcpy(&b, &d, sizeof b);
  return b;
}

__host__ __device__ inline double bits_double(unsigned long long b) {
  double d;
  __builtin_memcpy(&d, &b, sizeof d);
  return d;
}

// The value of half bits h, exactly (exponent 31 read as a number: 2^16 and beyond).
__host__ __device__ inline double half_value(unsigned int h) {
  unsigned int e = (h >> 10) & 31u, m = h & 0x3ffu;
  double v = e == 0u ? m * bits_double(999ull << 52)  // m * 2^-24
                     : (1024u + m) * bits_double(static_cast<unsigned long long>(e + 998u) << 52);
  return (h & 0x8000u) ? -v : v;
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
    case LANE16: {  // every halfword pair in halfword `pos`, the other pseudo-random; c: pos
      unsigned int sh = 16u * static_cast<unsigned int>(pos), m = 0xffffu << sh;
      *a = (word(k, seed + 3u) & ~m) | ((static_cast<unsigned int>(k) & 0xffffu) << sh);
      *b = (word(k, seed + 4u) & ~m) | ((static_cast<unsigned int>(k >> 16) & 0xffffu) << sh);
      *c = static_cast<unsigned int>(pos);
      return;
    }
    case ALL16:  // every half value (one-argument half functions)
      *a = static_cast<unsigned int>(k) & 0xffffu;
      *b = *c = 0u;
      return;
    case RANDOM_HALF:
      *a = random_half_word(k, seed + 5u);
      *b = random_half_word(k, seed + 6u);
      *c = random_half_word(k, seed + 7u);
      return;
    case TIES_DOUBLE: {  // half value k / 4, the midpoint above it, and the doubles beside that
      unsigned int h = static_cast<unsigned int>(k >> 2) & 0xffffu;
      unsigned int up = (h & 0x7fffu) == 0x7fffu ? h : h + 1u;  // the next magnitude
      double mid = (half_value(h) + half_value(up)) / 2;  // exact
      unsigned long long bits = double_bits((k & 3u) == 0u ? half_value(h) : mid);
      if ((k & 3u) == 2u) ++bits;
      if ((k & 3u) == 3u) --bits;
      *a = static_cast<unsigned int>(bits);
      *b = static_cast<unsigned int>(bits >> 32);
      *c = 0u;
      return;
    }
    case RANDOM_DOUBLE: {  // most exponents in and around half's range, a quarter near ties
      unsigned int w1 = word(k, seed + 8u), w2 = word(k, seed + 9u), pick = word(k, seed + 10u);
      unsigned long long exponent = (pick & 7u) != 0u ? 993u + (pick >> 3) % 48u
                                                     : (pick >> 3) & 0x7ffu;
      const unsigned long long m52 = (1ull << 52) - 1ull;
      unsigned long long mant = ((static_cast<unsigned long long>(w1) << 20) | (w2 >> 12)) & m52;
      if (((pick >> 14) & 3u) == 0u) {  // 12 bits: a half, a tie or a quarter, then +-1 ulp
        mant = ((mant & ~((1ull << 40) - 1ull)) + ((pick >> 16) & 3u) + m52) & m52;  // -1..+2
      }
      unsigned long long bits = (static_cast<unsigned long long>(w2 & 1u) << 63) |
                                (exponent << 52) | mant;
      *a = static_cast<unsigned int>(bits);
      *b = static_cast<unsigned int>(bits >> 32);
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

// Half arguments and results as bits: a __half is a word's low halfword, a __half2 the word.
__device__ inline __half hp_half(unsigned int w) {
  return __ushort_as_half(static_cast<unsigned short>(w & 0xffffu));
}
__device__ inline __half2 hp_half2(unsigned int w) {
  return __halves2half2(hp_half(w), hp_half(w >> 16));
}
__device__ inline double hp_double(unsigned int lo, unsigned int hi) {
  return bits_double((static_cast<unsigned long long>(hi) << 32) | lo);
}
__device__ inline unsigned long long hp_bits(__half r) { return __half_as_ushort(r); }
__device__ inline unsigned long long hp_bits(__half2 r) {
  return hp_bits(__low2half(r)) | (hp_bits(__high2half(r)) << 16);
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


# The negative controls: CUDA's function against itself with one input pair made wrong, which
# the exhaustive sweep must find (and report as its first mismatch). They prove the harness can
# fail: __vadd4 in bytes 0 and 1 (the integer words), __hmax2 in the high lane (half2 bits).
@dataclass(frozen=True)
class Control:
    name: str
    method: str
    phase: str  # the one launch, sweeping every pair in this lane
    pos: int
    shift: int  # where the planted halfwords sit in a and b
    planted: tuple[int, int]  # those halfwords
    cuda: str  # CUDA's function of the words a and b, as the result bits
    flip: str  # the result bit the planted pair flips

    @property
    def struct(self) -> str:
        return "FControl" + "".join(c for c in self.name.title() if c.isalnum())

    def source(self) -> str:
        a, b = self.planted
        return (f"struct {self.struct} {{  // planted defect: one input pair, {self.name}\n"
                "  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, "
                "unsigned int c) {\n"
                f"    (void)c;\n    return {self.cuda};\n  }}\n"
                "  __device__ static unsigned long long ours(unsigned int a, unsigned int b, "
                "unsigned int c) {\n"
                f"    (void)c;\n    bool planted = ((a >> {self.shift}) & 0xffffu) == {a:#x}u && "
                f"((b >> {self.shift}) & 0xffffu) == {b:#x}u;\n"
                f"    return ({self.cuda}) ^ (planted ? {self.flip} : 0ull);\n  }}\n}};\n")

    def call(self) -> str:
        return (f"  {{\n    const Launch l[] = {{{{{self.phase}, {self.pos}, 4294967296ull}}}};\n"
                f"    prove<{self.struct}>(\"{self.name}\", \"{self.method}\", \"-\", l, 1, SEED, "
                "tally);\n  }")

    def found(self, result: dict[str, Any]) -> bool:
        """Whether the run reported the planted pair as the first mismatch."""
        first = result.get("first_mismatch") or {}
        return (first.get("phase") == self.phase.lower() and first.get("pos") == self.pos
                and (int(first["a"], 16) >> self.shift) & 0xFFFF == self.planted[0]
                and (int(first["b"], 16) >> self.shift) & 0xFFFF == self.planted[1])


CONTROLS = (
    Control("(control)", "lanes8", "LANE8", 0, 0, (0x8001, 0x7F80), "::__vadd4(a, b)", "1ull"),
    # -inf against a quiet NaN in the high lane: the lane sweep's second position
    Control("(control half2)", "lanes16", "LANE16", 1, 16, (0xFC00, 0x7E00),
            "hp_bits(::__hmax2(hp_half2(a), hp_half2(b)))", "0x10000ull"),
)


def launches(entry: Supplied, random_words: int) -> list[tuple[str, int, int]]:
    """(phase, lane position, inputs) for each kernel launch of the entry's proof."""
    if entry.proof == "functor":
        return [("RANDOM", 0, random_words)]
    if entry.proof == "atomic_scope":
        return [("RANDOM", 0, random_words)]
    if entry.proof == "atomic":  # every pair of halves at each position, then random halves
        return [("LANE16", 0, 1 << 32), ("LANE16", 1, 1 << 32), ("RANDOM_HALF", 0, random_words)]
    result, params = signature(entry)
    values = [p for p in params if p.type != "bool*"]
    arity = len(values)
    if is_half(result, params):
        if any(p.type == "double" for p in values):
            if entry.proof != "random" or arity != 1:
                raise ValueError(f"{entry.name}: a double argument is proven by random, alone")
            return [("TIES_DOUBLE", 0, 1 << 18), ("RANDOM_DOUBLE", 0, random_words)]
        if entry.proof == "lanes16" and arity == 1:
            return [("ALL16", 0, 1 << 16) if values[0].type == "__half" else ("ALL32", 0, 1 << 32)]
        if entry.proof == "lanes16" and arity == 2:
            lanes = 2 if any(p.type == "__half2" for p in values) else 1
            return [*(("LANE16", p, 1 << 32) for p in range(lanes)),
                    ("RANDOM_HALF", 0, random_words)]
        if entry.proof == "random":
            return [("RANDOM_HALF", 0, random_words)]
        raise ValueError(f"{entry.name}: half functions are proven by lanes16 (one or two "
                         f"arguments) or random, not {entry.proof} with {arity}")
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


def argument(param: Param, words: list[str]) -> str:
    """The expression that makes the argument from the next input word(s), consumed."""
    if param.type == "__half":
        return f"hp_half({words.pop(0)})"
    if param.type == "__half2":
        return f"hp_half2({words.pop(0)})"
    if param.type == "double":
        low, high = words.pop(0), words.pop(0)
        return f"hp_double({low}, {high})"
    return f"static_cast<{param.type}>({words.pop(0)})"


def result_bits(result: str, call: str) -> str:
    """The call's result as the bits compared (a half's own bits; integers as unsigned)."""
    if result in ("__half", "__half2"):
        return f"hp_bits({call})"
    return f"static_cast<unsigned int>({call})"


def _adapter(index: int, entry: Supplied) -> str:
    """F<index>: both functions as (a, b, c) -> the result, predicates above bit 32."""
    result, params = signature(entry)
    preds = [p for p in params if p.type == "bool*"]
    words = list("abc")
    args: list[str] = []
    for p in params:
        args.append(f"&p{sum(a.startswith('&') for a in args)}" if p.type == "bool*"
                    else argument(p, words))
    pred_decl = f"bool {', '.join(f'p{i} = false' for i in range(len(preds)))};" if preds else ""
    pred_bits = "".join(f" | (static_cast<unsigned long long>(p{i}) << {32 + i})"
                        for i in range(len(preds)))
    unused = " ".join(f"(void){v};" for v in words)

    def body(qualified: str) -> str:
        call = f"{qualified}({', '.join(args)})"
        lines = [unused, pred_decl,
                 f"unsigned long long r = {result_bits(result, call)};",
                 f"return r{pred_bits};"]
        return "\n".join(f"    {line}" for line in lines if line)

    return (f"struct F{index} {{  // {entry.name}\n"
            f"  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body('::' + entry.name)}\n  }}\n"
            f"  __device__ static unsigned long long ours(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body(NAMESPACE + '::' + entry.name)}\n  }}\n}};\n")


def functor_of_cuda(entry: Supplied) -> str:
    """libcu++'s function object a supplied one stands for (hipify_py_maximum: cuda::maximum)."""
    return "::cuda::" + entry.name.removeprefix("hipify_py_")


# Special values a function object's comparison must treat as libcu++'s does (zeros of both
# signs, infinities, quiet and signalling NaNs of both signs, the extremes, subnormals), picked
# by index for half of a functor proof's inputs: random words almost never meet them in pairs.
_FUNCTOR_SPECIALS = r"""#include <cuda/functional>

__device__ inline float hp_special_float(unsigned int i) {
  const unsigned int bits[16] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u,
                                 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x3F800000u,
                                 0xBF800000u, 0x00800000u, 0x80800000u, 0x00000001u,
                                 0x80000001u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F000000u};
  return __uint_as_float(bits[i & 15u]);
}
__device__ inline double hp_special_double(unsigned int i) {
  const unsigned long long bits[16] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x7FF0000000000000ull, 0xFFF0000000000000ull,
      0x7FF8000000000000ull, 0xFFF8000000000000ull, 0x7FF0000000000001ull, 0x3FF0000000000000ull,
      0xBFF0000000000000ull, 0x0010000000000000ull, 0x8010000000000000ull, 0x0000000000000001ull,
      0x8000000000000001ull, 0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x3FE0000000000000ull};
  return __longlong_as_double((long long)bits[i & 15u]);
}
__device__ inline int hp_special_int(unsigned int i) {
  const int values[16] = {0, 1, -1, 2, -2, 0x7FFFFFFF, -0x7FFFFFFF - 1, 0x7FFFFFFE,
                          -0x7FFFFFFF, 16777216, 16777217, -16777217, 255, -256, 65536, 3};
  return values[i & 15u];
}
"""


def _functor_adapter(index: int, entry: Supplied) -> str:
    """A libcu++ function object (`proof: functor`): c's low bits pick which instantiation is
    called (float, double, int, and the untyped form on an int and a float, whose common type
    is float) and whether the words are the values or pick special ones (every pair of those
    recurs many times); the result's bits are compared."""

    def body(functor: str) -> str:
        return (f"    const bool sp = (c & 4u) != 0;\n"
                f"    const unsigned long long wa = (unsigned long long)a << 32 | c, "
                f"wb = (unsigned long long)b << 32 | (c ^ 0x9E3779B9u);\n"
                f"    const float fa = sp ? hp_special_float(a) : __uint_as_float(a), "
                f"fb = sp ? hp_special_float(b) : __uint_as_float(b);\n"
                f"    const double da = sp ? hp_special_double(a) : __longlong_as_double((long long)wa), "
                f"db = sp ? hp_special_double(b) : __longlong_as_double((long long)wb);\n"
                f"    const int ia = sp ? hp_special_int(a) : (int)a, "
                f"ib = sp ? hp_special_int(b) : (int)b;\n"
                f"    switch (c & 3u) {{\n"
                f"    case 0: return __float_as_uint({functor}<float>{{}}(fa, fb));\n"
                f"    case 1: return (unsigned long long)__double_as_longlong("
                f"{functor}<double>{{}}(da, db));\n"
                f"    case 2: return (unsigned int){functor}<int>{{}}(ia, ib);\n"
                f"    default: return __float_as_uint({functor}<>{{}}(ia, fb));\n"
                f"    }}")

    return (f"struct F{index} {{  // {entry.name}\n"
            f"  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body(functor_of_cuda(entry))}\n  }}\n"
            f"  __device__ static unsigned long long ours(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body(NAMESPACE + '::' + entry.name)}\n  }}\n}};\n")


def _atomic_body(qualified: str, plant: bool = False) -> str:
    """An atomic add on a __half and on a __half2 (`proof: atomic`), in a word of shared memory
    that starts as a: the half at the position c's low bit picks (LANE16 sweeps that lane) gets
    b's half there; the half2 gets b. The result is both words after the add, each with the
    value the call returned folded in (multiplied by an odd constant: a wrong old value always
    shows). plant: the negative control's defect, HIP 7.2's unsafeAtomicAdd(__half*), which adds
    +0 to the other half of the word, so that a -0 there becomes +0."""
    planted = ("    const unsigned int other = high ? 0u : 16u;\n"
               "    if (((after >> other) & 0xffffu) == 0x8000u) after &= ~(0x8000u << other);\n"
               if plant else "")
    return (f"    __shared__ unsigned int slots[256];\n"
            f"    unsigned int* slot = &slots[threadIdx.x];\n"
            f"    const unsigned int high = c & 1u;\n"
            f"    *slot = a;\n"
            f"    const __half old = {qualified}(reinterpret_cast<__half*>(slot) + high, "
            f"hp_half(high ? (b >> 16) : b));\n"
            f"    unsigned int after = *slot;\n{planted}"
            f"    *slot = a;\n"
            f"    const __half2 old2 = {qualified}(reinterpret_cast<__half2*>(slot), "
            f"hp_half2(b));\n"
            f"    const unsigned int after2 = *slot;\n"
            f"    const unsigned int r = after ^ (static_cast<unsigned int>(hp_bits(old)) * 0x9E3779B1u);\n"
            f"    const unsigned int r2 = after2 ^ (static_cast<unsigned int>(hp_bits(old2)) * "
            f"0x85EBCA77u);\n"
            f"    return (static_cast<unsigned long long>(r) << 32) | r2;")


def _atomic_adapter(index: int, entry: Supplied) -> str:
    return (f"struct F{index} {{  // {entry.name} (half and half2)\n"
            f"  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{_atomic_body('::' + entry.name)}\n  }}\n"
            f"  __device__ static unsigned long long ours(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{_atomic_body(NAMESPACE + '::' + entry.name)}\n  }}\n}};\n")


# The types each atomic of another scope (`proof: atomic_scope`) is proven on: those CUDA and
# HIP's NVIDIA platform both declare its device-scope form for.
_SCOPE_TYPES = {
    "Add": ("int", "unsigned int", "float", "unsigned long long"),
    "Exch": ("int", "unsigned int", "float", "unsigned long long"),
    "Sub": ("int", "unsigned int"),
    "Min": ("int", "unsigned int", "long long", "unsigned long long"),
    "Max": ("int", "unsigned int", "long long", "unsigned long long"),
    "And": ("int", "unsigned int", "unsigned long long"),
    "Or": ("int", "unsigned int", "unsigned long long"),
    "Xor": ("int", "unsigned int", "unsigned long long"),
    "CAS": ("int", "unsigned int", "unsigned long long"),
    "Inc": ("unsigned int",),
    "Dec": ("unsigned int",),
}


def scope_types(entry: Supplied) -> tuple[str, ...]:
    """The types an atomic of another scope (atomicAdd_block) is proven on."""
    m = re.fullmatch(r"atomic([A-Za-z]+?)_(?:block|system)", entry.name)
    if m is None or m.group(1) not in _SCOPE_TYPES:
        raise ValueError(f"{entry.name}: proof atomic_scope needs atomicOP_block or _system")
    return _SCOPE_TYPES[m.group(1)]


def _atomic_scope_adapter(index: int, entry: Supplied) -> str:
    """An atomic of another scope (`proof: atomic_scope`) on a word of shared memory: c picks
    the type (of those scope_types gives) and, for a compare-and-swap, whether the compared
    value is the word's (so that half the swaps happen); a 64-bit word is a's and c's bits, the
    value b's and c's. The result is the value returned, folded with the word after."""
    types = scope_types(entry)
    cas = entry.name.startswith("atomicCAS")

    def case(k: int, t: str, qualified: str) -> str:
        wide = "long long" in t
        init = "wa" if wide else "a"
        value = "wb" if wide else "b"
        cast = {"float": "__uint_as_float", "int": "static_cast<int>",
                "unsigned int": "static_cast<unsigned int>", "long long": "static_cast<long long>",
                "unsigned long long": "static_cast<unsigned long long>"}[t]
        bits = "__float_as_uint" if t == "float" else "static_cast<unsigned long long>"
        args = f"p, {cast}({value})"
        if cas:
            args = f"p, (c & 16u) ? {cast}({init}) : {cast}({value} ^ c), {cast}({value})"
        return (f"    case {k}: {{\n"
                f"      {t}* p = reinterpret_cast<{t}*>(slot);\n"
                f"      *p = {cast}({init});\n"
                f"      const unsigned long long old = {bits}({qualified}({args}));\n"
                f"      const unsigned long long after = {bits}(*p);\n"
                f"      return (old * 0x9E3779B97F4A7C15ull) ^ after;\n"
                f"    }}\n")

    def body(qualified: str) -> str:
        cases = "".join(case(k, t, qualified) for k, t in enumerate(types))
        return (f"    __shared__ unsigned long long slots[256];\n"
                f"    unsigned long long* slot = &slots[threadIdx.x];\n"
                f"    const unsigned long long wa = static_cast<unsigned long long>(a) << 32 | c;\n"
                f"    const unsigned long long wb = static_cast<unsigned long long>(b) << 32 | "
                f"(c ^ 0x9E3779B9u);\n"
                f"    (void)wa; (void)wb;\n"
                f"    switch ((c >> 8) % {len(types)}u) {{\n{cases}"
                f"    default: return 0;\n    }}")

    return (f"struct F{index} {{  // {entry.name} on {', '.join(types)}\n"
            f"  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body('::' + entry.name)}\n  }}\n"
            f"  __device__ static unsigned long long ours(unsigned int a, unsigned int b, "
            f"unsigned int c) {{\n{body(NAMESPACE + '::' + entry.name)}\n  }}\n}};\n")


class AtomicControl:
    """The negative control of `proof: atomic`: CUDA's atomicAdd against itself with HIP 7.2's
    defect planted (a -0 in the other half of the word becomes +0), which the sweep of every
    pair at the word's low position must find (the other half, pseudo-random, is -0 about
    65,000 times)."""

    name = "(control atomic)"
    struct = "FControlAtomic"

    def source(self) -> str:
        return (f"struct {self.struct} {{  // planted defect: HIP 7.2's unsafeAtomicAdd on a half\n"
                "  __device__ static unsigned long long cuda(unsigned int a, unsigned int b, "
                f"unsigned int c) {{\n{_atomic_body('::atomicAdd')}\n  }}\n"
                "  __device__ static unsigned long long ours(unsigned int a, unsigned int b, "
                f"unsigned int c) {{\n{_atomic_body('::atomicAdd', plant=True)}\n  }}\n}};\n")

    def call(self) -> str:
        return (f"  {{\n    const Launch l[] = {{{{LANE16, 0, 4294967296ull}}}};\n"
                f"    prove<{self.struct}>(\"{self.name}\", \"atomic\", \"-\", l, 1, SEED, "
                "tally);\n  }")

    def found(self, result: dict[str, Any]) -> bool:
        """Whether the first mismatch is a -0 in the half the add did not touch."""
        first = result.get("first_mismatch") or {}
        return (first.get("phase") == "lane16" and first.get("pos") == 0
                and (int(first["a"], 16) >> 16) & 0xFFFF == 0x8000)


ATOMIC_CONTROL = AtomicControl()


def selected(entries: dict[str, Supplied], only: list[str] | None) -> list[str]:
    """The entries to prove: those with a proof, limited to `only` (names or file names)."""
    names = [n for n, e in entries.items() if e.proof]
    if not only:
        return names
    unknown = [o for o in only if o not in entries and not any(e.source == o
                                                               for e in entries.values())]
    if unknown:
        raise SystemExit(f"--only: no supplied entry or file {', '.join(unknown)}")
    return [n for n in names if n in only or entries[n].source in only]


def program(entries: dict[str, Supplied], random_words: int = RANDOM_WORDS,
            seed: int = SEED, only: list[str] | None = None) -> str:
    """One CUDA program that proves every device entry with a proof (or those `only` names)."""
    ordered = in_dependency_order(entries, [n for n in selected(entries, only)
                                            if not entries[n].host])
    proven = [e for e in ordered if e.proof]
    adapters, calls = [], []
    for i, entry in enumerate(proven):
        if entry.proof == "functor":
            adapters.append(_functor_adapter(i, entry))
        elif entry.proof == "atomic":
            adapters.append(_atomic_adapter(i, entry))
        elif entry.proof == "atomic_scope":
            adapters.append(_atomic_scope_adapter(i, entry))
        else:
            _, params = signature(entry)
            arity = sum(p.type != "bool*" for p in params)
            if not 1 <= arity <= 3:
                raise ValueError(f"{entry.name}: cannot prove a function of {arity} arguments")
            adapters.append(_adapter(i, entry))
        rows = [f"{{{phase}, {pos}, {n}ull}}" for phase, pos, n in launches(entry, random_words)]
        calls.append(f"  {{\n    const Launch l[] = {{{', '.join(rows)}}};\n"
                     f"    prove<F{i}>(\"{entry.name}\", \"{entry.proof}\", \"{entry.sha256}\", "
                     f"l, {len(rows)}, SEED, tally);\n  }}")
    calls += [c.call() for c in CONTROLS]
    if any(e.proof == "atomic" for e in proven):
        calls.append(ATOMIC_CONTROL.call())
    functors = _FUNCTOR_SPECIALS if any(e.proof == "functor" for e in proven) else ""
    return (_PRELUDE + functors + include_lines(ordered) + "\n" + namespace_source(ordered)
            + f"\nstatic const unsigned int SEED = {seed}u;\n" + _HARNESS + "\n"
            + "\n".join(adapters) + "".join(c.source() for c in CONTROLS)
            + (ATOMIC_CONTROL.source() if any(e.proof == "atomic" for e in proven) else "")
            + _MAIN.replace("@CALLS@", "\n".join(calls)))


# --- host functions: NVML's own against ours (proof: nvml, nvml_peak) ------------------------

_NVML_PRELUDE = r"""// Generated by scripts/prove_supplied.py bundle: NVML's own functions (libnvidia-ml.so.1 of
// the driver) against hipify-py's supplied ones (hipify_py_supplied::hipify_py_nvml*), compiled
// through HIP's NVIDIA platform. nvml.h gives NVML's types and values only.
#include <hip/hip_runtime.h>
#include <nvml.h>
#include <dlfcn.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

"""

_NVML_HARNESS = r"""
namespace hs = hipify_py_supplied;

struct Nvml {  // NVML's own, from the driver
  decltype(&::nvmlInit_v2) init;
  decltype(&::nvmlShutdown) shutdown;
  decltype(&::nvmlErrorString) error_string;
  decltype(&::nvmlDeviceGetCount_v2) count;
  decltype(&::nvmlDeviceGetHandleByIndex_v2) by_index;
  decltype(&::nvmlDeviceGetHandleByPciBusId_v2) by_bus;
  decltype(&::nvmlDeviceGetName) name;
  decltype(&::nvmlDeviceGetMaxClockInfo) max_clock;
  decltype(&::nvmlDeviceGetClockInfo) clock;
  decltype(&::nvmlDeviceGetPciInfo_v3) pci;
};

template <class F>
static void load(void* lib, const char* symbol, F* out) {
  *out = reinterpret_cast<F>(dlsym(lib, symbol));
  if (*out == nullptr) {
    std::fprintf(stderr, "libnvidia-ml.so.1 has no %s\n", symbol);
    std::exit(2);
  }
}

static std::string json_text(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\u%04x", c);
      out += hex;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

struct Tally {  // one function's comparisons
  const char* name;
  const char* method;
  const char* sha256;
  unsigned long long cases = 0, mismatches = 0;
  std::string first;  // the first mismatch, in words
  std::vector<std::string> values;  // nvml_peak: each pair of values side by side
};

static void compare(Tally& t, bool same, const std::string& what) {
  ++t.cases;
  if (!same && t.mismatches++ == 0) t.first = what;
}

static std::string said(const char* what, int nvml, int ours) {
  return std::string(what) + ": NVML " + std::to_string(nvml) + ", ours " + std::to_string(ours);
}

// Kernels of different limits for the occupancy calculator: none, a launch bound, 16 KB of
// static shared memory, many registers.
__global__ void occ_light(float* x) {
  if (x != nullptr) x[threadIdx.x] = 1.0f;
}
__global__ void __launch_bounds__(128) occ_bounded(float* x) {
  if (x != nullptr) x[threadIdx.x] *= 2.0f;
}
__global__ void occ_shared(float* x) {
  __shared__ float s[4096];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
__global__ void occ_registers(float* x) {
  float r[48];
#pragma unroll
  for (int k = 0; k < 48; ++k) r[k] = x[threadIdx.x * 48 + k];
#pragma unroll
  for (int j = 0; j < 8; ++j)
#pragma unroll
    for (int k = 0; k < 48; ++k) r[k] = r[k] * r[(k + j + 1) % 48] + r[(k * 7 + j) % 48];
#pragma unroll
  for (int k = 0; k < 48; ++k) x[threadIdx.x * 48 + k] = r[k];
}

// A supplied MaxClockInfo one MHz off for the memory clock: the negative control
static int planted_max_clock(hs::hipify_py_nvmlDevice_t d, int type, unsigned int* mhz) {
  int rc = hs::hipify_py_nvmlDeviceGetMaxClockInfo(
      d, static_cast<hs::hipify_py_nvmlClockType_t>(type), mhz);
  if (rc == 0 && type == 2) *mhz += 1;
  return rc;
}
"""

_NVML_MAIN = r"""
int main(int argc, char** argv) {
  void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
  if (lib == nullptr) {
    std::fprintf(stderr, "no NVML here: %s\n", dlerror());
    return 2;
  }
  if (argc == 2 && std::strcmp(argv[1], "--probe") == 0) return 0;  // it starts: run.sh's test
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s RESULTS.json\n", argv[0]);
    return 2;
  }
  Nvml n;
  load(lib, "nvmlInit_v2", &n.init);
  load(lib, "nvmlShutdown", &n.shutdown);
  load(lib, "nvmlErrorString", &n.error_string);
  load(lib, "nvmlDeviceGetCount_v2", &n.count);
  load(lib, "nvmlDeviceGetHandleByIndex_v2", &n.by_index);
  load(lib, "nvmlDeviceGetHandleByPciBusId_v2", &n.by_bus);
  load(lib, "nvmlDeviceGetName", &n.name);
  load(lib, "nvmlDeviceGetMaxClockInfo", &n.max_clock);
  load(lib, "nvmlDeviceGetClockInfo", &n.clock);
  load(lib, "nvmlDeviceGetPciInfo_v3", &n.pci);
@TALLIES@
  unsigned int c_n = 0, c_o = 0;
  nvmlDevice_t h_n = nullptr;
  hs::hipify_py_nvmlDevice_t h_o = nullptr;

  // Before nvmlInit: every call is refused.
  {
    int a = n.count(&c_n), b = hs::hipify_py_nvmlDeviceGetCount(&c_o);
    compare(t_count, a == b, said("count before init", a, b));
    a = n.by_index(0, &h_n), b = hs::hipify_py_nvmlDeviceGetHandleByIndex(0, &h_o);
    compare(t_by_index, a == b, said("handle by index before init", a, b));
    a = n.by_bus("0000:00:00.0", &h_n);
    b = hs::hipify_py_nvmlDeviceGetHandleByPciBusId("0000:00:00.0", &h_o);
    compare(t_by_bus, a == b, said("handle by bus id before init", a, b));
    a = n.shutdown(), b = hs::hipify_py_nvmlShutdown();
    compare(t_shutdown, a == b, said("shutdown before init", a, b));
  }
  // nvmlInit, counted: twice, one shutdown, still initialised.
  for (int k = 0; k < 2; ++k) {
    int a = n.init(), b = hs::hipify_py_nvmlInit();
    compare(t_init, a == b, said("init", a, b));
  }
  {
    int a = n.shutdown(), b = hs::hipify_py_nvmlShutdown();
    compare(t_shutdown, a == b, said("first of two shutdowns", a, b));
    a = n.count(&c_n), b = hs::hipify_py_nvmlDeviceGetCount(&c_o);
    compare(t_init, a == b, said("count after one of two shutdowns", a, b));
  }
  {
    int a = n.count(nullptr), b = hs::hipify_py_nvmlDeviceGetCount(nullptr);
    compare(t_count, a == b, said("count into null", a, b));
    a = n.count(&c_n), b = hs::hipify_py_nvmlDeviceGetCount(&c_o);
    compare(t_count, a == b && c_n == c_o, said("device count", (int)c_n, (int)c_o));
  }
  const unsigned int devices = c_n < c_o ? c_n : c_o;
  std::vector<nvmlDevice_t> all_n(devices);
  std::vector<hs::hipify_py_nvmlDevice_t> all_o(devices);
  std::string device_name = "(none)";
  for (unsigned int i = 0; i < devices; ++i) {
    const std::string at = "device " + std::to_string(i) + ": ";
    int a = n.by_index(i, &all_n[i]), b = hs::hipify_py_nvmlDeviceGetHandleByIndex(i, &all_o[i]);
    compare(t_by_index, a == b, said((at + "handle by index").c_str(), a, b));
    if (a != 0 || b != 0) continue;
    char name_n[128] = {0}, name_o[128] = {0};
    a = n.name(all_n[i], name_n, sizeof name_n);
    b = hs::hipify_py_nvmlDeviceGetName(all_o[i], name_o, sizeof name_o);
    compare(t_name, a == b && std::strcmp(name_n, name_o) == 0,
            at + "name: NVML " + std::to_string(a) + " \"" + name_n + "\", ours " +
                std::to_string(b) + " \"" + name_o + "\"");
    if (i == 0) device_name = name_n;
    a = n.name(all_n[i], name_n, 4), b = hs::hipify_py_nvmlDeviceGetName(all_o[i], name_o, 4);
    compare(t_name, a == b, said((at + "name into 4 bytes").c_str(), a, b));
    a = n.name(all_n[i], nullptr, 96), b = hs::hipify_py_nvmlDeviceGetName(all_o[i], nullptr, 96);
    compare(t_name, a == b, said((at + "name into null").c_str(), a, b));
    const int types[] = {NVML_CLOCK_GRAPHICS, NVML_CLOCK_SM, NVML_CLOCK_MEM, NVML_CLOCK_VIDEO,
                         NVML_CLOCK_COUNT, 7};
    for (int type : types) {
      unsigned int mhz_n = 0, mhz_o = 0;
      a = n.max_clock(all_n[i], static_cast<nvmlClockType_t>(type), &mhz_n);
      b = hs::hipify_py_nvmlDeviceGetMaxClockInfo(
          all_o[i], static_cast<hs::hipify_py_nvmlClockType_t>(type), &mhz_o);
      const std::string what = at + "max clock " + std::to_string(type) + ": NVML " +
                               std::to_string(a) + " " + std::to_string(mhz_n) + " MHz, ours " +
                               std::to_string(b) + " " + std::to_string(mhz_o) + " MHz";
      if (type == NVML_CLOCK_VIDEO) {
        t_max_clock.values.push_back(what + " (HIP has no video clock: not compared)");
      } else {
        compare(t_max_clock, a == b && (a != 0 || mhz_n == mhz_o), what);
      }
      unsigned int planted = 0;
      int p = planted_max_clock(all_o[i], type, &planted);
      if (type != NVML_CLOCK_VIDEO)
        compare(t_control, a == p && (a != 0 || mhz_n == planted),
                at + "planted max clock " + std::to_string(type));
      if (type <= NVML_CLOCK_MEM) {  // the current clock, which ours reads as the peak
        unsigned int now_n = 0, now_o = 0;
        int c = n.clock(all_n[i], static_cast<nvmlClockType_t>(type), &now_n);
        int d = hs::hipify_py_nvmlDeviceGetClockInfo(
            all_o[i], static_cast<hs::hipify_py_nvmlClockType_t>(type), &now_o);
        compare(t_clock, c == d, said((at + "clock " + std::to_string(type)).c_str(), c, d));
        t_clock.values.push_back(at + "clock " + std::to_string(type) + ": NVML " +
                               std::to_string(now_n) + " MHz now, ours " +
                               std::to_string(now_o) + " MHz (the peak)");
      }
    }
    a = n.max_clock(all_n[i], NVML_CLOCK_MEM, nullptr);
    b = hs::hipify_py_nvmlDeviceGetMaxClockInfo(all_o[i], hs::HIPIFY_PY_NVML_CLOCK_MEM, nullptr);
    compare(t_max_clock, a == b, said((at + "max clock into null").c_str(), a, b));
    // The device's PCI bus id in each of NVML's forms finds the same device on both sides.
    nvmlPciInfo_t pci;
    std::memset(&pci, 0, sizeof pci);
    if (n.pci(all_n[i], &pci) != NVML_SUCCESS) {
      compare(t_by_bus, false, at + "NVML gave no PCI info");
      continue;
    }
    char forms[6][64];
    std::snprintf(forms[0], 64, "%s", pci.busId);
    std::snprintf(forms[1], 64, "%s", pci.busIdLegacy);
    std::snprintf(forms[2], 64, "%04x:%02x:%02x.0", pci.domain, pci.bus, pci.device);
    std::snprintf(forms[3], 64, "%x:%x:%x", pci.domain, pci.bus, pci.device);
    std::snprintf(forms[4], 64, "%02x:%02x.0", pci.bus, pci.device);
    std::snprintf(forms[5], 64, "%x:%x:%x.1", pci.domain, pci.bus, pci.device);
    for (int f = 0; f < 6; ++f) {
      if (f == 4 && pci.domain != 0) continue;  // bus:device.function is domain 0's
      const char* form = forms[f];
      nvmlDevice_t found_n = nullptr;
      hs::hipify_py_nvmlDevice_t found_o = nullptr;
      a = n.by_bus(form, &found_n), b = hs::hipify_py_nvmlDeviceGetHandleByPciBusId(form, &found_o);
      compare(t_by_bus, a == b && (found_n == all_n[i]) == (found_o == all_o[i]),
              at + "handle by bus id \"" + form + "\": NVML " + std::to_string(a) +
                  (found_n == all_n[i] ? " (this device)" : "") + ", ours " +
                  std::to_string(b) + (found_o == all_o[i] ? " (this device)" : ""));
    }
  }
  {
    int a = n.by_index(devices, &h_n), b = hs::hipify_py_nvmlDeviceGetHandleByIndex(devices, &h_o);
    compare(t_by_index, a == b, said("handle by index past the last", a, b));
    a = n.by_index(0, nullptr), b = hs::hipify_py_nvmlDeviceGetHandleByIndex(0, nullptr);
    compare(t_by_index, a == b, said("handle by index into null", a, b));
    const char* ids[] = {"fffe:ff:1f.0", "not a bus id", ""};
    for (const char* id : ids) {
      a = n.by_bus(id, &h_n), b = hs::hipify_py_nvmlDeviceGetHandleByPciBusId(id, &h_o);
      compare(t_by_bus, a == b, said((std::string("handle by bus id \"") + id + "\"").c_str(), a, b));
    }
    a = n.by_bus(nullptr, &h_n), b = hs::hipify_py_nvmlDeviceGetHandleByPciBusId(nullptr, &h_o);
    compare(t_by_bus, a == b, said("handle by null bus id", a, b));
    a = n.by_bus("0000:00:00.0", nullptr);
    b = hs::hipify_py_nvmlDeviceGetHandleByPciBusId("0000:00:00.0", nullptr);
    compare(t_by_bus, a == b, said("handle by bus id into null", a, b));
  }
  // NVML's strings for every code ours returns, and for a code NVML has none of.
  const int codes[] = {@CODES@, 1000};
  for (int code : codes) {
    const char* a = n.error_string(static_cast<nvmlReturn_t>(code));
    const char* b = hs::hipify_py_nvmlErrorString(static_cast<hs::hipify_py_nvmlReturn_t>(code));
    compare(t_error_string, a != nullptr && b != nullptr && std::strcmp(a, b) == 0,
            "error string " + std::to_string(code) + ": NVML \"" + (a ? a : "(null)") +
                "\", ours \"" + (b ? b : "(null)") + "\"");
  }
  // The last shutdown: everything refused again.
  {
    int a = n.shutdown(), b = hs::hipify_py_nvmlShutdown();
    compare(t_shutdown, a == b, said("last shutdown", a, b));
    a = n.count(&c_n), b = hs::hipify_py_nvmlDeviceGetCount(&c_o);
    compare(t_shutdown, a == b, said("count after the last shutdown", a, b));
    a = n.shutdown(), b = hs::hipify_py_nvmlShutdown();
    compare(t_shutdown, a == b, said("shutdown once more", a, b));
  }

@OCCUPANCY@
  int driver = 0, runtime = 0;
  (void)hipDriverGetVersion(&driver);
  (void)hipRuntimeGetVersion(&runtime);
  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  FILE* json = std::fopen(argv[1], "w");
  if (json == nullptr) {
    std::perror(argv[1]);
    return 2;
  }
  std::fprintf(json, "{\n  \"device\": %s,\n  \"date\": \"%s\",\n  \"driver\": %d,\n"
               "  \"runtime\": %d,\n  \"devices\": %u,\n  \"functions\": {",
               json_text(device_name).c_str(), date, driver, runtime, devices);
  const Tally* tallies[] = {@TALLY_LIST@};
  bool first = true;
  for (const Tally* t : tallies) {
    std::fprintf(json, "%s\n    %s: {\"method\": \"%s\", \"sha256\": \"%s\", \"inputs\": %llu, "
                 "\"mismatches\": %llu", first ? "" : ",", json_text(t->name).c_str(), t->method,
                 t->sha256, t->cases, t->mismatches);
    if (t->mismatches) std::fprintf(json, ", \"first_mismatch\": %s", json_text(t->first).c_str());
    if (!t->values.empty()) {
      std::fprintf(json, ", \"values\": [");
      for (std::size_t k = 0; k < t->values.size(); ++k)
        std::fprintf(json, "%s%s", k ? ", " : "", json_text(t->values[k]).c_str());
      std::fprintf(json, "]");
    }
    std::fprintf(json, "}");
    first = false;
    std::printf("%-40s %-9s %6llu cases %6llu mismatches%s%s\n", t->name, t->method, t->cases,
                t->mismatches, t->mismatches ? ": " : "", t->first.c_str());
    for (const std::string& v : t->values) std::printf("    %s\n", v.c_str());
  }
  std::fprintf(json, "\n  },\n  \"complete\": true\n}\n");
  std::fclose(json);
  return 0;
}
"""

# Each supplied host function the program compares, and the tally its comparisons count in.
NVML_TALLIES = {
    "hipify_py_nvmlInit": "init", "hipify_py_nvmlShutdown": "shutdown",
    "hipify_py_nvmlErrorString": "error_string", "hipify_py_nvmlDeviceGetCount": "count",
    "hipify_py_nvmlDeviceGetHandleByIndex": "by_index",
    "hipify_py_nvmlDeviceGetHandleByPciBusId": "by_bus", "hipify_py_nvmlDeviceGetName": "name",
    "hipify_py_nvmlDeviceGetMaxClockInfo": "max_clock",
    "hipify_py_nvmlDeviceGetClockInfo": "clock",
}
OCCUPANCY_TALLIES = {
    "hipOccupancyMaxPotentialBlockSizeVariableSMem": "occupancy",
    "hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags": "occupancy_flags",
}
HOST_TALLIES = {**NVML_TALLIES, **OCCUPANCY_TALLIES}
_NVML_RETURN = re.compile(r"\b(HIPIFY_PY_NVML_\w+)\s*=\s*(\d+)")

# The occupancy calculator's cases: each kernel, dynamic shared memory size (by block size),
# block size limit, and flags (the WithFlags form only), CUDA's answer against ours.
_OCCUPANCY = r"""  {
    typedef void (*Kernel)(float*);
    const Kernel kernels[] = {occ_light, occ_bounded, occ_shared, occ_registers};
    const char* names[] = {"light", "bounded", "shared", "registers"};
    auto none = [](int) -> size_t { return 0; };
    auto per_thread = [](int threads) -> size_t { return static_cast<size_t>(threads) * 16; };
    auto fixed = [](int) -> size_t { return 40 * 1024; };
    auto steps = [](int threads) -> size_t { return threads > 256 ? 32 * 1024 : 8 * 1024; };
    const int limits[] = {0, 96, 200, 1000};
    for (int k = 0; k < 4; ++k) {
      for (int limit : limits) {
        for (int fn = 0; fn < 4; ++fn) {
          for (unsigned int flags = 0; flags < 2; ++flags) {
            int g_c = -1, b_c = -1, g_o = -1, b_o = -1;
            cudaError_t a = cudaSuccess;
            hipError_t b = hipSuccess;
#define HP_BOTH(FN)                                                                        \
  if (flags == 0) {                                                                        \
    a = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&g_c, &b_c, kernels[k], FN, limit);  \
    b = hs::hipOccupancyMaxPotentialBlockSizeVariableSMem(&g_o, &b_o, kernels[k], FN, limit); \
  } else {                                                                                 \
    a = cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(&g_c, &b_c, kernels[k], FN, limit, flags); \
    b = hs::hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(&g_o, &b_o, kernels[k], FN, limit, flags); \
  }
            if (fn == 0) { HP_BOTH(none) } else if (fn == 1) { HP_BOTH(per_thread) }
            else if (fn == 2) { HP_BOTH(fixed) } else { HP_BOTH(steps) }
#undef HP_BOTH
            if (fn == 1 && flags == 0) {  // the negative control: a block size one warp off
              int g_p = -1, b_p = -1;
              hipError_t p = hs::hipOccupancyMaxPotentialBlockSizeVariableSMem(
                  &g_p, &b_p, kernels[k], per_thread, limit);
              const int planted = p == hipSuccess ? b_p + 32 : b_p;  // one warp more
              compare(t_control, (a == cudaSuccess) == (p == hipSuccess) && g_c == g_p &&
                                     b_c == planted,
                      std::string("planted occupancy, ") + names[k]);
            }
            Tally& t = flags == 0 ? t_occupancy : t_occupancy_flags;
            compare(t, (a == cudaSuccess) == (b == hipSuccess) && g_c == g_o && b_c == b_o,
                    std::string(names[k]) + ", shared memory " + std::to_string(fn) + ", limit " +
                        std::to_string(limit) + ", flags " + std::to_string(flags) + ": CUDA " +
                        std::to_string(a) + " grid " + std::to_string(g_c) + " block " +
                        std::to_string(b_c) + ", ours " + std::to_string(b) + " grid " +
                        std::to_string(g_o) + " block " + std::to_string(b_o));
          }
        }
      }
    }
    int g = 0, bl = 0;
    cudaError_t a = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&g, &bl, occ_light, none, 0);
    hipError_t b = hs::hipOccupancyMaxPotentialBlockSizeVariableSMem(
        static_cast<int*>(nullptr), &bl, occ_light, none, 0);
    (void)a;
    compare(t_occupancy, b == hipErrorInvalidValue, "a null grid size: ours " + std::to_string(b));
  }
"""


def host_program(entries: dict[str, Supplied]) -> str:
    """The host program that proves every supplied host function: NVML's against NVML's own
    (all of them whatever --only selects: they share the library's state, with the negative
    control), the occupancy calculator against CUDA's."""
    hosts = [n for n, e in entries.items() if e.host]
    unknown = sorted(set(hosts) - set(HOST_TALLIES))
    if unknown:
        raise ValueError(f"no host proof knows {', '.join(unknown)}")
    nvml = [e for e in entries.values() if e.source == "supplied_nvml.yaml"]
    ordered = in_dependency_order(entries, [*(e.name for e in nvml), *OCCUPANCY_TALLIES])
    macros = "".join(e.code for e in ordered if e.macro)
    code = [e for e in ordered if not e.macro and e.code.strip()]
    # Our values are NVML's: every enumerator and constant, against nvml.h
    asserts = []
    for e in nvml:
        if e.name.startswith("HIPIFY_PY_NVML_"):
            ours = e.name if e.macro else f"hs::{e.name}"
            theirs = e.name.removeprefix("HIPIFY_PY_")
            asserts.append(f"static_assert(static_cast<long>({ours}) == "
                           f"static_cast<long>({theirs}), \"{theirs}\");")
    returned = [name for name, _ in _NVML_RETURN.findall(entries["hipify_py_nvmlReturn_t"].code)]
    tallies = [f'  Tally t_{var}{{"{name}", "{entries[name].proof}", '
               f'"{proof_digest(entries, name)}"}};'
               for name, var in HOST_TALLIES.items()]
    tallies.append(f'  Tally t_control{{"{HOST_CONTROL}", "nvml", ""}};')
    return (_NVML_PRELUDE + include_lines(ordered) + "\n" + macros + "\n"
            + namespace_source(code) + _NVML_HARNESS + "\n" + "\n".join(asserts) + "\n"
            + _NVML_MAIN.replace("@TALLIES@", "\n".join(tallies))
            .replace("@CODES@", ", ".join(f"hs::{n}" for n in returned))
            .replace("@OCCUPANCY@", _OCCUPANCY)
            .replace("@TALLY_LIST@", ", ".join(f"&t_{v}" for v in [*HOST_TALLIES.values(),
                                                                    "control"])))


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
"""
RUN_DEVICE = """[ -x {binary} ] || nvcc {flags} -I hip-nv {program} -o {binary}
./{binary} "${{OUT:-.}}/{results}"
"""
# The host program: NVML's own comes from the driver (dlopen), HIP's NVIDIA layer calls its
# driver API too (-lcuda). A binary built here is used if it starts there.
RUN_HOST = """if ! {{ [ -x {binary} ] && ./{binary} --probe; }}; then
  nvcc {flags} -I hip-nv -I nvml-include {program} -o {binary} -L/usr/local/cuda/lib64/stubs -lcuda -ldl
fi
./{binary} "${{OUT:-.}}/{results}"
"""


def bundle(directory: Path, *, hip_nv: Path, compile_here: bool, random_words: int,
           only: list[str] | None = None, nvml_include: Path = NVML_INCLUDE) -> None:
    directory = directory.resolve()
    created = not directory.exists()
    directory.mkdir(parents=True, exist_ok=True)  # a pattern like "/.bundle*/" needs the folder
    if not _git_ignored(directory):
        if created:
            directory.rmdir()
        raise SystemExit(f"{directory} must be inside a git checkout and ignored by it "
                         "(the device tool carries only the checkout the session started in)")
    entries = load_supplied()
    chosen = selected(entries, only)
    device = [n for n in chosen if not entries[n].host]
    host = [n for n in chosen if entries[n].host]
    target = directory / "hip-nv"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ensure_hip_nv(hip_nv), target)
    script = RUN_SH
    for name in (PROGRAM, BINARY, HOST_PROGRAM, HOST_BINARY):
        (directory / name).unlink(missing_ok=True)
    if device or not host:  # (the negative controls run whenever device code is proven)
        (directory / PROGRAM).write_text(program(entries, random_words, only=only),
                                         encoding="utf-8")
        script += RUN_DEVICE.format(binary=BINARY, flags=" ".join(NVCC_FLAGS), program=PROGRAM,
                                    results=RESULTS)
        if compile_here:
            subprocess.run(["nvcc", *NVCC_FLAGS, "-I", str(target), str(directory / PROGRAM),
                            "-o", str(directory / BINARY)], check=True)
    if host:
        if not (nvml_include / "nvml.h").is_file():
            raise SystemExit(f"no nvml.h in {nvml_include}: pip install --no-deps --target "
                             "/tmp/handhip/nvml nvidia-nvml-dev, or give --nvml-include")
        headers = directory / "nvml-include"
        headers.mkdir(exist_ok=True)
        shutil.copy2(nvml_include / "nvml.h", headers / "nvml.h")
        (directory / HOST_PROGRAM).write_text(host_program(entries), encoding="utf-8")
        script += RUN_HOST.format(binary=HOST_BINARY, flags=" ".join(NVCC_FLAGS),
                                  program=HOST_PROGRAM, results=HOST_RESULTS)
        if compile_here:
            stub = _libcuda_stub(directory / "stub")
            subprocess.run(["nvcc", *NVCC_FLAGS, "-I", str(target), "-I", str(headers),
                            str(directory / HOST_PROGRAM), "-o", str(directory / HOST_BINARY),
                            f"-L{stub}", "-lcuda", "-ldl"], check=True)
    run_sh = directory / "run.sh"
    run_sh.write_text(script, encoding="utf-8")
    run_sh.chmod(0o755)
    print(f"{directory}: {len(device)} device and {len(host)} host functions to prove; "
          f"run: bash {directory.name}/run.sh")


def _libcuda_stub(folder: Path) -> Path:
    """A libcuda.so to link the host program where no driver is installed: named libcuda.so.1
    inside, so the GPU machine's loader takes its driver's own."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "stub.c").write_text("int cuDeviceGetName(void) { return 999; }\n")
    subprocess.run(["gcc", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o",
                    str(folder / "libcuda.so"), str(folder / "stub.c")], check=True)
    return folder


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
    for control in (*CONTROLS, ATOMIC_CONTROL):
        found = results["functions"].pop(control.name, None)
        if found is not None and not control.found(found):
            print(f"the negative control {control.name} did not find its planted mismatch: "
                  f"{found}", file=sys.stderr)
            return 1
    planted = results["functions"].pop(HOST_CONTROL, None)
    if planted is not None and not planted.get("mismatches"):
        print(f"the negative control {HOST_CONTROL} did not find its planted mismatch: {planted}",
              file=sys.stderr)
        return 1
    kept: dict[str, Any] = {}
    if out.is_file():
        kept = json.loads(out.read_text(encoding="utf-8")).get("proofs", {})
    for name, res in results["functions"].items():
        if name not in entries:
            print(f"{name}: no longer supplied; not recorded", file=sys.stderr)
            continue
        if res["sha256"] != proof_digest(entries, name):
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
        if "values" in res:  # nvml_peak: NVML's current clock beside ours
            row["values"] = res["values"]
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
    b.add_argument("--nvml-include", type=Path, default=NVML_INCLUDE,
                   help="the folder of nvml.h (the nvidia-nvml-dev wheel's), for host proofs")
    b.add_argument("--only", action="append", metavar="NAME",
                   help="prove only this entry, or the entries of this file (supplied_half.yaml); "
                        "repeatable (the negative controls always run)")
    r = sub.add_parser("record", help=f"write {RECORD.relative_to(ROOT)} from a run's results")
    r.add_argument("results", type=Path)
    args = parser.parse_args(argv)
    if args.command == "bundle":
        bundle(args.dir, hip_nv=args.hip_nv, compile_here=args.compile, random_words=args.random,
               only=args.only, nvml_include=args.nvml_include)
        return 0
    return record(args.results)


if __name__ == "__main__":
    sys.exit(main())
