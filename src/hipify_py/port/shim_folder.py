"""A shim run: the tree read as `translate` reads it, with each source's shim needs
(RunOptions.shim), and the compatibility folder written (generate_shim) or checked against the
tree (check_shim). What the needs are, and the folder's files, are shim/'s.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import replace

from hipify_py.files import read_existing, write_if_changed
from hipify_py.port.run_values import OutputMode, RunOptions, RunOutcome
from hipify_py.port.runner import run
from hipify_py.reporting.diagnostics import CATALOGUE, Diagnostic
from hipify_py.results import FileResult, FileStatus
from hipify_py.settings import Settings
from hipify_py.shim.generate import (
    MANIFEST,
    Use,
    calls_of_other_form,
    covered_needs,
    read_manifest,
    render_shim,
    tree_needs,
    values_of_forwarded_functions,
)
from hipify_py.shim.needs import Need
from hipify_py.tables.mapping_model import MappingTable

__all__ = ["check_shim", "generate_shim", "shim_settings"]


def shim_settings(settings: Settings) -> Settings:
    """What a shim run translates with: launches kept (hipcc takes <<<>>>), and build files
    left alone: they stay the project's CUDA build."""
    return replace(settings, keep_launch_syntax=True, port_build_files=False)


def generate_shim(paths: Sequence[str], options: RunOptions, settings: Settings,
                  table: MappingTable, output_dir: str, command: str) -> RunOutcome:
    """Read the tree, write the shim folder; the outcome's results carry the findings."""
    settings, outcome, needs = _read_tree(paths, options, settings, table, output_dir)
    outcome.results = _with(outcome.results, _values_of_forwarded(needs, table, settings))
    files = render_shim(needs, table, settings, command)
    previous = _files_written(read_manifest(output_dir))
    written = 0
    for rel, data in files.items():
        target = os.path.join(output_dir, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        written += write_if_changed(target, data)
    for rel in sorted(set(previous) - set(files)):  # ours, no longer needed: never a user file
        with contextlib.suppress(OSError):
            os.remove(os.path.join(output_dir, rel))
    outcome.written = written
    return outcome


def check_shim(paths: Sequence[str], options: RunOptions, settings: Settings,
               table: MappingTable, shim_dir: str, command: str) -> RunOutcome:
    """Report the tree's uses the shim does not cover (HPY701, on each file's line of first
    use) and shim files regenerating would change (HPY702)."""
    settings, outcome, needs = _read_tree(paths, options, settings, table, shim_dir)
    manifest = read_manifest(shim_dir)
    covered = covered_needs(manifest)
    # The folder names the command that made it: a check spelling the tree's path another way
    # (./src for src) must not call it stale.
    command = str(manifest.get("command") or command)
    extra = _values_of_forwarded(needs, table, settings)
    for need, uses in needs.items():
        if need in covered:
            continue
        for use in uses:
            extra.setdefault(use.path, []).append(Diagnostic(
                "HPY701", CATALOGUE["HPY701"].severity, use.path, use.line, use.column,
                f"{_describe(need)} is not covered by the shim in {shim_dir}",
                need.name, f"regenerate the shim: {command}"))
    results = list(_with(outcome.results, extra))
    for rel, data in render_shim(needs, table, settings, command).items():
        where = os.path.join(shim_dir, rel)
        current = read_existing(where)
        if rel == MANIFEST or current == data:
            continue
        results.append(FileResult.problem(
            where, "HPY702", "missing from the shim" if current is None else
            "differs from what the shim command generates now", FileStatus.UNCHANGED,
            f"regenerate the shim: {command}"))
    outcome.results = tuple(results)
    return outcome


def _read_tree(paths: Sequence[str], options: RunOptions, settings: Settings,
               table: MappingTable, shim_dir: str,
               ) -> tuple[Settings, RunOutcome, dict[Need, list[Use]]]:
    """Read the tree as translate would, writing nothing and never reading the shim folder
    itself as part of it (its stand-ins would pass for the project's headers): the settings
    the shim is made with, the outcome, and the tree's needs."""
    settings = shim_settings(settings)
    reading = replace(options, mode=OutputMode.CHECK, output_dir=shim_dir,
                      follow_local_headers=True, shim=True)
    outcome = run(paths, reading, settings, table)
    return settings, outcome, tree_needs(outcome.results)


def _values_of_forwarded(needs: dict[Need, list[Use]], table: MappingTable,
                         settings: Settings) -> dict[str, list[Diagnostic]]:
    """HPY700 for what a forwarding macro cannot serve, which only the whole tree shows: a
    use that is no call, and a call of the other CUDA form than the macro's."""
    out: dict[str, list[Diagnostic]] = {}
    for need, use in values_of_forwarded_functions(needs):
        out.setdefault(use.path, []).append(Diagnostic(
            "HPY700", CATALOGUE["HPY700"].severity, use.path, use.line, use.column,
            f"the shim cannot make this edit: {need.name} is used here other than in a call, "
            "and its calls need a forwarding macro (their arguments change), which applies "
            "to calls only", need.name, "call it here, or translate this file"))
    for need, use in calls_of_other_form(needs, table, settings):
        count = need.target.split(":")[0]
        out.setdefault(use.path, []).append(Diagnostic(
            "HPY700", CATALOGUE["HPY700"].severity, use.path, use.line, use.column,
            f"the shim cannot make this edit: the tree calls {need.name} with {count} "
            f"arguments in both its CUDA forms, which translate tells apart by an argument's "
            f"type; the forwarding macro takes the form --cuda-version {settings.cuda_version} "
            "reads, and this call has the other",
            need.name, "translate this file, or write every call in one form"))
    return out


def _with(results: Sequence[FileResult], extra: dict[str, list[Diagnostic]],
          ) -> tuple[FileResult, ...]:
    """The results with the extra diagnostics of their files added."""
    return tuple(replace(r, diagnostics=tuple(sorted(
        {*r.diagnostics, *extra.get(r.path, [])}, key=Diagnostic.sort_key)))
        if r.path in extra else r for r in results)


def _describe(need: Need) -> str:
    if need.kind == "call":
        return f"the call {need.name}(...) with {need.target} argument(s)"
    if need.kind == "header":
        return f"the CUDA header <{need.name}>"
    if need.kind == "macro":
        return f"the CUDA macro {need.name}"
    if need.kind == "library":
        return f"the library {need.name}"
    if need.kind == "supplied":
        return f"the supplied implementation of {need.name}"
    return f"the CUDA name {need.name}"


def _files_written(manifest: dict[str, object]) -> list[str]:
    """The files an earlier run wrote, from its manifest (never a path outside the folder)."""
    files = manifest.get("files")
    if not isinstance(files, list):
        return []
    return [f for f in files if isinstance(f, str) and not os.path.isabs(f) and ".." not in f]
