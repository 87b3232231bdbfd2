"""Render a compatibility folder from the needs of a tree (shim/needs.py).

The folder holds `hipify_shim.h` and one stand-in per CUDA header the tree includes. Every
stand-in includes `hipify_shim.h` (hip_runtime.h and the HIP headers it needs, then the shim's
macros: aliases, forwarding macros, feature macros), then its own library's HIP header. No shim
macro is in force while a HIP header is read (issue 30): a stand-in lifts them around its HIP
header (HIPIFY_SHIM_LIFTED: hipify_shim.h then #undefs them) and sets them again after it, and
a function HIP declares itself is forwarded by overloads, never by a macro of its name
(shim/hip_declared.py). Thrust's configuration, which a project's direct includes of Thrust
read with the macros in force, is read first. The contract: the unchanged CUDA sources compile
with `hipcc -x hip -I DIR -include cuda_runtime.h`.

A forwarding macro's (or overload's) body is what `translate` makes of a call with placeholder
arguments, so the shim applies exactly the argument rules translate applies, for the target HIP.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from hipify_py import __version__
from hipify_py.engine.rules.feature_macros import value_of
from hipify_py.files import read_existing
from hipify_py.results import FileResult
from hipify_py.settings import Settings, Version, describe_target
from hipify_py.shim import hip_declared
from hipify_py.shim.needs import Need
from hipify_py.tables.mapping_model import MappingTable
from hipify_py.tables.supplied import HEADER_NAME as SUPPLIED_HEADER
from hipify_py.tables.supplied import render_header as render_supplied

CORE = "hipify_shim.h"
MANIFEST = "hipify-shim.json"
_RUNTIME = "hip/hip_runtime.h"
_HIPCUB = "hipcub/hipcub.hpp"
_COMPILER_MACRO = re.compile(r"__HIP\w*__\Z")
_PLACEHOLDER = "hipify_shim_a"
_PROBE_LINE = re.compile(r"/\*hipify-shim:(\d+)\*/ (.*);[ \t]*$", re.M)
_LIFTED = "HIPIFY_SHIM_LIFTED"  # defined while a stand-in reads its HIP header
_DEFINED = re.compile(r"^#define (\w+)", re.M)


@dataclass(frozen=True, slots=True)
class Use:
    """Where a tree uses a need first, per file (for findings)."""

    path: str
    line: int
    column: int


def tree_needs(results: Iterable[FileResult]) -> dict[Need, list[Use]]:
    """Every need of a tree, with each file's first use of it, in a stable order."""
    out: dict[Need, list[Use]] = {}
    for result in sorted(results, key=lambda r: r.path):
        if result.shim is None:
            continue
        seen: set[Need] = set()
        for need, line, column in result.shim.needs:
            if need not in seen:
                seen.add(need)
                out.setdefault(need, []).append(Use(result.path, line, column))
    return dict(sorted(out.items()))


def render_shim(needs: Iterable[Need], table: MappingTable, settings: Settings,
                command: str) -> dict[str, bytes]:
    """Relative path -> bytes of every file of the shim folder (deterministic)."""
    needs = sorted(set(needs))
    banner = _banner(settings, command)
    files: dict[str, bytes] = {}
    headers = dict(sorted({n.name: n.target for n in needs if n.kind == "header"}.items()))
    headers.setdefault("cuda_runtime.h", "")
    cub = any(n.kind == "namespace" and n.name == "cub" for n in needs)
    # CUDA header guards the tree tests (`#ifdef CUBLAS_API_H_`), defined as translate reads
    # them, where the HIP header's guard is: again after each library's HIP header.
    guards = [line for n in needs if n.kind == "macro"
              for line in _guard_lines(n.name, table, settings)]
    core, lifted = _core(needs, table, settings, banner)
    for cuda, target in headers.items():
        lines = [f"{banner}// Stand-in for CUDA's <{cuda}>.", "#pragma once", f"#include <{CORE}>"]
        if target and target != _RUNTIME:
            lines += _read_without_macros(target) if lifted else [f"#include <{target}>"]
            if cub and target == _HIPCUB:  # after hipcub is declared
                lines += ["#ifdef __cplusplus", "namespace cub = hipcub;", "#endif"]
            lines += guards  # this library's guard is defined now
        files[cuda] = ("\n".join(lines) + "\n").encode()
    files[CORE] = core.encode()
    supplied = [n.name for n in needs if n.kind == "supplied"]
    if supplied:  # translate's implementations of what the target HIP lacks, the same file
        files[SUPPLIED_HEADER] = render_supplied(supplied, table.supplied)
    files[MANIFEST] = (json.dumps({
        "generator": f"hipify-py {__version__}",
        "command": command,
        "target": describe_target(settings),
        "needs": [list(n) for n in needs],
        "files": sorted(files),
    }, indent=2) + "\n").encode()
    return dict(sorted(files.items()))


def values_of_forwarded_functions(needs: Mapping[Need, list[Use]]) -> list[tuple[Need, Use]]:
    """Uses of a function that is not a call (its address, a function pointer) where the
    function also needs a forwarding macro: a function-like macro does not apply there."""
    forwarded = forwarded_names(needs)
    return [(need, use) for need, uses in needs.items()
            if need.kind in ("alias", "value") and need.name in forwarded for use in uses]


def read_manifest(folder: str) -> dict[str, Any]:
    """A shim folder's manifest: the needs it covers, the files it wrote, the command that
    made it; empty where there is none (or it is not ours)."""
    data = read_existing(os.path.join(folder, MANIFEST))
    try:
        manifest = json.loads(data) if data else {}
    except ValueError:
        return {}
    return manifest if isinstance(manifest, dict) else {}


def covered_needs(manifest: dict[str, Any]) -> set[Need]:
    """The needs a shim folder was generated for."""
    needs = manifest.get("needs")
    return {Need(*n) for n in needs if isinstance(n, list) and len(n) == 3} if isinstance(
        needs, list) else set()


def forwarded_names(needs: Iterable[Need]) -> set[str]:
    """The functions that get a forwarding macro (their calls' arguments change)."""
    return {n.name for n in needs if n.kind == "call"}


def _banner(settings: Settings, command: str) -> str:
    return (f"// Generated by hipify-py {__version__} for {describe_target(settings)}.\n"
            f"// Do not edit: regenerate with `{command}`.\n")


def _read_without_macros(target: str) -> list[str]:
    """A stand-in's include of its HIP header, with the shim's macros lifted around it (once:
    a stand-in read inside another's HIP header finds them lifted already)."""
    return [f"#ifdef {_LIFTED}  // inside another stand-in's HIP header: no shim macro is set",
            f"#include <{target}>",
            "#else",
            f"#define {_LIFTED}",
            f"#include <{CORE}>  // lifts the shim's macros: HIP's header is read without them",
            f"#include <{target}>",
            f"#undef {_LIFTED}",
            f"#include <{CORE}>  // sets them again",
            "#endif"]


def _core(needs: list[Need], table: MappingTable, settings: Settings,
          banner: str) -> tuple[str, bool]:
    """hip_runtime.h and what else HIP declares for every stand-in, then the shim's macros
    (and whether there are any). A library's HIP header comes with its own stand-in, so a file
    that does not include cuBLAS needs no hipBLAS installed; read after the macros, it is read
    with them lifted (see _read_without_macros). The declarations are read once; the macros
    section each time, setting them, or with HIPIFY_SHIM_LIFTED defined, removing them."""
    lines = [banner.rstrip("\n"), "#ifndef HIPIFY_SHIM_H", "#define HIPIFY_SHIM_H"]
    for n in needs:
        if n.kind == "define":  # before every HIP header (HPY204)
            lines += [f"#ifndef {n.name}", f"#define {n.name}", "#endif"]
    lines.append(f"#include <{_RUNTIME}>")
    if any(n.kind == "supplied" for n in needs):
        lines.append(f"#include <{SUPPLIED_HEADER}>")
    standard = [n.name for n in needs if n.kind == "standard"]
    if standard:
        lines += ["#ifdef __cplusplus  // nvcc's cuda_runtime.h includes these; hip_runtime.h "
                  "does not"]
        lines += [f"#include <{name}>" for name in standard]
        lines.append("#endif")
    if any(n.kind == "library" and n.name == "thrust" for n in needs):
        # Thrust picks its compiler from __CUDACC__, which an alias below may define (a host
        # compiler's Thrust is CUDA's: not included there).
        lines += ["#if defined(__HIPCC__) && __has_include(<thrust/detail/config.h>)",
                  "#include <thrust/detail/config.h>", "#endif"]
    backends = [n for n in needs if n.kind == "namespace" and n.name != "cub"]
    if backends:  # Thrust's CUDA backend: thrust::cuda -> thrust::hip
        lines += ["", "// Thrust's CUDA backend.",
                  "#if defined(__HIPCC__) && __has_include(<thrust/execution_policy.h>)",
                  "#include <thrust/execution_policy.h>"]
        for n in backends:
            # thrust::system::cuda too (its memory resources, error category) for the system
            # namespace rocThrust also has
            system = (f" namespace system {{ namespace {n.name} = thrust::system::{n.target}; }}"
                      if n.name == "cuda" else "")
            lines.append(f"namespace thrust {{ namespace {n.name} = thrust::{n.target};{system} }}")
        lines.append("#endif")
    forwarding, overloads = _forwarding([n for n in needs if n.kind == "call"], table, settings,
                                        call_forms(needs, table, settings))
    if overloads:
        lines += ["", "// Calls of HIP's own functions whose arguments change: overloads that do "
                  "what translate does", "// (a macro of the name would rewrite HIP's "
                  "declarations of it).", f"#if {hip_declared.CONDITION}", *overloads, "#endif"]
    lines.append("#endif  // HIPIFY_SHIM_H")
    macros: list[str] = []
    forwarded = forwarded_names(needs)
    aliases = sorted({Need("alias", n.name, n.target) for n in needs
                      if n.kind in ("alias", "value") and n.name not in forwarded})
    if aliases:
        macros += ["", "// Names: CUDA -> HIP."]
        macros += [_alias_line(n, table) for n in aliases]
    if forwarding:
        macros += ["", "// Calls whose arguments change: what translate makes of each call."]
        macros += forwarding
    feature_macros = [n for n in needs if n.kind == "macro"]
    if feature_macros:
        macros += ["", "// CUDA's feature-test macros, as translate reads them."]
        for n in feature_macros:
            macros += _macro_lines(n.name, table, settings)
    names = sorted(set(_DEFINED.findall("\n".join(macros))))
    if names:
        lines += ["", f"// The shim's macros; a stand-in lifts them ({_LIFTED}) while it reads "
                  "its HIP header.", f"#ifndef {_LIFTED}", *macros[1:], "#else",
                  *(f"#undef {name}" for name in names), "#endif"]
    return "\n".join(lines) + "\n", bool(names)


def _alias_line(need: Need, table: MappingTable) -> str:
    entry = table.get(need.name)
    line = f"#define {need.name} {need.target}"
    if _COMPILER_MACRO.match(need.target):
        # __CUDACC__ -> __HIPCC__: defined where hipcc compiles, not in a host compiler's pass.
        return f"#ifdef {need.target}\n{line}\n#endif"
    why = entry.semantic if entry is not None else None
    return f"{line}  // differs on AMD: {_one_line(why)}" if why else line


def _one_line(text: str) -> str:
    return " ".join(text.split())


def call_forms(needs: Iterable[Need], table: MappingTable,
               settings: Settings) -> dict[tuple[str, int], str]:
    """(function, argument count) -> the form ("old" or "new") its forwarding macro takes,
    for a function CUDA releases give two forms with that count: the one the tree's calls
    show where they agree, else the one --cuda-version reads calls as."""
    from hipify_py.tables.targets import reads_changed_form

    seen: dict[tuple[str, int], set[str]] = {}
    for n in needs:
        if n.kind == "form":
            arity, shown = n.target.split(":")
            seen.setdefault((n.name, int(arity)), set()).add(shown)
    out: dict[tuple[str, int], str] = {}
    for call, shown_forms in seen.items():
        entry = table.get(call[0])
        if len(shown_forms) == 1:
            out[call] = shown_forms.pop()
        elif entry is not None:
            out[call] = "new" if reads_changed_form(entry, settings) else "old"
    return out


def calls_of_other_form(needs: Mapping[Need, list[Use]], table: MappingTable,
                        settings: Settings) -> list[tuple[Need, Use]]:
    """Calls whose form is not the one their forwarding macro takes (the tree calls the
    function in both forms with one argument count): no macro can serve both."""
    chosen = call_forms(needs, table, settings)
    return [(need, use) for need, uses in needs.items() if need.kind == "form"
            for use in uses
            if chosen.get((need.name, int(need.target.split(":")[0])))
            != need.target.split(":")[1]]


def _forwarding(calls: list[Need], table: MappingTable, settings: Settings,
                forms: dict[tuple[str, int], str]) -> tuple[list[str], list[str]]:
    """#define NAME(a0, ...) for each argument count the tree calls NAME with; several counts
    dispatch on the count. Where C's translation differs from C++'s (NULL for nullptr), each
    language gets its own. A function translate calls by its own name is HIP's: overloads
    forward it (shim/hip_declared.py), not a macro. Returns (macro lines, overload lines).
    A call of two CUDA forms takes the form `forms` gives: its probe (whose arguments show no
    type) is read as a CUDA release of that form."""
    groups: dict[Version, list[tuple[str, int]]] = {}
    for n in calls:
        call = (n.name, int(n.target))
        form = forms.get(call)
        read_as = (settings.cuda_version if form is None
                   else _release_of_form(table, n.name, form == "new"))
        groups.setdefault(read_as, []).append(call)
    cxx: dict[tuple[str, int], str] = {}
    c: dict[tuple[str, int], str] = {}
    for read_as, group in groups.items():
        probe = replace(settings, cuda_version=read_as)
        cxx |= _probe(group, table, probe, "cu")
        c |= _probe(group, table, probe, "c")
    by_name: dict[str, dict[int, str]] = {}
    for (name, arity), body in cxx.items():
        by_name.setdefault(name, {})[arity] = body
    out: list[str] = []
    overloads: list[str] = []
    for name, bodies in sorted(by_name.items()):
        if all(body.startswith(f"{name}(") for body in bodies.values()):
            declared = hip_declared.overloads(name, bodies)
            # (a name HIP declares that the table lacks stays as written: HIP's own error at
            # the call is better than a macro that breaks HIP's headers)
            overloads += declared or [f"// {name}: HIP declares it; no overload known"]
            continue
        why = getattr(table.get(name), "semantic", None)
        if why:
            out.append(f"// {name} differs on AMD: {_one_line(why)}")
        in_c = {arity: c.get((name, arity), body) for arity, body in bodies.items()}
        if in_c == bodies:
            out += _defines(name, bodies)
        else:
            out += ["#ifdef __cplusplus", *_defines(name, bodies), "#else",
                    *_defines(name, in_c), "#endif"]
    return out, overloads


def _defines(name: str, forms: dict[int, str]) -> list[str]:
    if len(forms) == 1:
        (arity, body), = forms.items()
        return [f"#define {name}({_params(arity)}) {body}"]
    top = max(forms)
    slots = ", ".join(f"_{k}" for k in range(1, top + 1))
    counts = ", ".join(f"hipify_shim_{name}_{k}" if k in forms
                       else f"hipify_shim_{name}_takes_no_{k}_arguments"
                       for k in range(top, 0, -1))
    return [f"#define hipify_shim_{name}_pick({slots}, N, ...) N",
            f"#define {name}(...) hipify_shim_{name}_pick(__VA_ARGS__, {counts}, )(__VA_ARGS__)",
            *(f"#define hipify_shim_{name}_{k}({_params(k)}) {forms[k]}" for k in sorted(forms))]


def _params(arity: int) -> str:
    return ", ".join(f"a{k}" for k in range(arity))


def _probe(calls: list[tuple[str, int]], table: MappingTable, settings: Settings,
           language: str) -> dict[tuple[str, int], str]:
    """Translate one call per (name, argument count) with placeholder arguments, in a .cu
    or a .c file; the calls translate leaves unchanged are not returned."""
    from hipify_py.engine.translate import translate_source

    head = ("__host__ __device__ void hipify_shim_probe() {" if language == "cu"
            else "void hipify_shim_probe(void) {")
    probes = [f"{name}({', '.join(f'{_PLACEHOLDER}{j}' for j in range(arity))})"
              for name, arity in calls]
    lines = [head, *(f"/*hipify-shim:{k}*/ {probe};" for k, probe in enumerate(probes)), "}\n"]
    probe = replace(settings, keep_launch_syntax=True, ignored_codes=frozenset())
    result = translate_source("\n".join(lines).encode(), f"hipify_shim_probe.{language}", table,
                              probe)
    text = (result.output or b"").decode()
    out: dict[tuple[str, int], str] = {}
    for m in _PROBE_LINE.finditer(text):
        name, arity = calls[int(m.group(1))]
        if m.group(2) == probes[int(m.group(1))]:
            continue  # unchanged: HIP has the same call, or translate reports the name
        out[(name, arity)] = re.sub(rf"\b{_PLACEHOLDER}(\d+)\b", r"a\1", m.group(2))
    return out


def _guard_lines(name: str, table: MappingTable, settings: Settings) -> list[str]:
    """A tested CUDA header guard (`CUBLAS_API_H_`), defined where its HIP header's guard is;
    nothing for a macro of another kind."""
    entry = table.get(name)
    if (name == "__CUDA_ARCH__" or value_of(name, settings) is not None or entry is None
            or not entry.hip):
        return []
    return [f"#if defined({entry.hip}) && !defined({name})", f"#define {name} 1", "#endif"]


def _macro_lines(name: str, table: MappingTable, settings: Settings) -> list[str]:
    """A CUDA feature macro defined as translate reads it: versions as the CUDA release the
    code is read as, __CUDA_ARCH__ in device compilation only, a calling convention as
    nothing, a header guard where the HIP header's guard is defined."""
    if name == "__CUDA_ARCH__":
        from hipify_py.engine.rules.feature_macros import EMULATED_CUDA_ARCH

        return ["#if defined(__HIP_DEVICE_COMPILE__)",
                f"#define __CUDA_ARCH__ {EMULATED_CUDA_ARCH}  // see HPY502", "#endif"]
    value = value_of(name, settings)
    if value is not None:
        return [f"#define {name} {value}"]
    entry = table.get(name)
    if entry is not None and entry.hip == "":
        return [f"#define {name}"]
    return _guard_lines(name, table, settings)


def _release_of_form(table: MappingTable, name: str, new: bool) -> Version:
    """A CUDA release whose form of name's calls is the new one (the first release the tables
    say changed it) or the old one (the release before)."""
    entry = table.get(name)
    first = Version.parse(entry.hip_unsupported_cuda[0]) if entry is not None and (
        entry.hip_unsupported_cuda) else Version.parse("13.0")
    return first if new else Version((first.parts[0] - 1, 0))
