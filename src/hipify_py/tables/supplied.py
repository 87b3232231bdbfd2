"""The header that supplies what the target HIP lacks (issue 29: supply, don't just report).

Translation keeps a call to a function the target HIP does not declare when the tables carry an
implementation of it (mappings/supplied_*.yaml), and includes HEADER_NAME where it is used; a
tree run writes that header once, at the root of its output, holding only what the tree uses.
Each implementation sits in namespace hipify_py_supplied (so it can be compiled and tested
anywhere beside CUDA's or HIP's own) and is exposed at top level only where it is missing: on
AMD, or on both platforms for HIP names older NVIDIA layers lack, and before the HIP version
that declares it. A HIP that has the function always wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hipify_py.settings import Version
from hipify_py.tables.mapping_model import SuppliedEntry

HEADER_NAME = "hipify_supplied.h"
NAMESPACE = "hipify_py_supplied"
# The header's first line: how a later run knows the file is ours (and leaves it alone).
MARKER = b"// hipify_supplied.h: written by hipify-py"


def closure(names: Iterable[str], supplied: Mapping[str, SuppliedEntry]) -> list[str]:
    """`names` with everything they need, each after what it needs, otherwise in table order."""
    order = {name: k for k, name in enumerate(supplied)}
    done: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen or name not in supplied:
            return
        seen.add(name)
        for need in sorted(supplied[name].needs, key=order.__getitem__):
            visit(need)
        done.append(name)

    for name in sorted(set(names), key=lambda n: order.get(n, len(order))):
        visit(name)
    return done


def guard(entry: SuppliedEntry) -> str:
    """The preprocessor condition under which ours is the one in use."""
    parts = []
    if entry.platforms == ("amd",):
        parts.append("defined(__HIP_PLATFORM_AMD__)")
    if entry.device:
        parts.append("(defined(__HIPCC__) || defined(__CUDACC__))")
    if entry.hip_added:
        major, minor, patch = (*Version.parse(entry.hip_added).parts, 0, 0)[:3]
        number = major * 10_000_000 + minor * 100_000 + patch  # HIP_VERSION's encoding
        before = f"HIP_VERSION < {number}"
        # NVIDIA layers of one HIP version differ (backports): ours, a template, is always
        # there and loses overload resolution to a HIP function that exists.
        parts.append(f"(defined(__HIP_PLATFORM_NVIDIA__) || {before})"
                     if "nvidia" in entry.platforms else before)
    return " && ".join(parts) or "1"


def render_header(names: Iterable[str], supplied: Mapping[str, SuppliedEntry],
                  newline: bytes = b"\n") -> bytes:
    """The header for `names` (and what they need): deterministic, whatever the order given."""
    lines = [
        MARKER.decode() + "; regenerated on each run, do not edit.",
        "// CUDA functions the HIP in use may lack, written in HIP. Each is exposed only where",
        "// that HIP does not declare it (a HIP that has it wins); hipify-py's notes (HPY530)",
        "// mark the lines that use them.",
        "#pragma once",
        "#include <hip/hip_runtime.h>",
    ]
    chosen = closure(names, supplied)
    # One header serves a tree's C files too (a C file that reads __CUDA_ARCH__ or uses NVTX):
    # C++ (a namespace, <type_traits>) is there only for C++.
    plain = {h for name in chosen if _is_c(supplied[name]) for h in supplied[name].includes}
    cxx = {h for name in chosen for h in supplied[name].includes} - plain
    lines += [f"#include <{header}>" for header in sorted(plain)]
    if cxx:
        lines += ["#ifdef __cplusplus", *(f"#include <{header}>" for header in sorted(cxx)),
                  "#endif"]
    # A HIP library (hipCUB) is included, and its entries written, only where it is installed
    libraries = {supplied[n].library for n in chosen}
    for library in sorted(lib for lib in libraries if lib):
        lines += [f"#if defined(__cplusplus) && __has_include(<{library}>)",
                  f"#include <{library}>", "#endif"]
    for name in chosen:
        entry = supplied[name]
        condition = guard(entry)
        if not _is_c(entry):
            condition = ("defined(__cplusplus)" if condition == "1"
                         else f"defined(__cplusplus) && {condition}")
        if entry.library:
            condition += f" && __has_include(<{entry.library}>)"
        lines += ["", f"// {name}" + (f": {entry.note}" if entry.note else ""),
                  f"#if {condition}"]
        code = entry.code.rstrip("\n").splitlines()
        if _is_c(entry):  # top level, as written (C code serves C files too)
            lines += code
        else:
            if code:  # (none: an entry it needs declares the name, an enum its enumerator)
                lines += [f"namespace {NAMESPACE} {{", *code, f"}}  // namespace {NAMESPACE}"]
            if not entry.helper:
                lines.append(f"using {NAMESPACE}::{name};")
        lines.append("#endif")
    return newline.join(line.encode() for line in lines) + newline


def _is_c(entry: SuppliedEntry) -> bool:
    """A macro, or code written as C: at top level, for C files as well."""
    return entry.macro or entry.c


def is_supplied_header(data: bytes) -> bool:
    return data.lstrip(b"\xef\xbb\xbf").startswith(MARKER)
