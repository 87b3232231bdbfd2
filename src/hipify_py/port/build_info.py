"""Build information from outside: compile_commands.json (-p) and git (--changed-since)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

# The flags that change how a file parses or which #if branches are live; the rest (warnings,
# optimisation, output files, nvcc-only switches) mean nothing to libclang here. -imacros, like
# -include, reads a file first (its macros only).
_WITH_VALUE = ("-I", "-D", "-U", "-isystem", "-iquote", "-include", "-imacros")
_JOINED = ("-I", "-D", "-U", "-isystem", "-iquote", "-std=")
# nvcc's long spellings of the same (`--define-macro X` or `--define-macro=X`).
_NVCC_LONG = {"--include-path": "-I", "--define-macro": "-D", "--undefine-macro": "-U",
              "--system-include": "-isystem", "--pre-include": "-include"}


class BuildInfoError(ValueError):
    """A compile database or git query that cannot be used: a usage error."""


def load_compile_commands(folder: str) -> dict[str, tuple[str, ...]]:
    """Map each file's real path to the parse flags its compile command gives it."""
    path = Path(folder)
    if path.is_dir():
        path = path / "compile_commands.json"
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BuildInfoError(f"-p: {path} not found") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BuildInfoError(f"-p: {path}: {exc}") from None
    if not isinstance(entries, list):
        raise BuildInfoError(f"-p: {path}: expected a JSON array of compile commands")
    out: dict[str, tuple[str, ...]] = {}
    for k, entry in enumerate(entries):
        if not isinstance(entry, dict) or "file" not in entry or "directory" not in entry:
            raise BuildInfoError(f"-p: {path}: entry {k} lacks 'file' or 'directory'")
        directory = str(entry["directory"])
        if "arguments" in entry:
            if not isinstance(entry["arguments"], list):
                raise BuildInfoError(f"-p: {path}: entry {k}: 'arguments' must be a list")
            argv = [str(a) for a in entry["arguments"]]
        else:
            import shlex  # here: every run imports this module, few have a compile database

            try:
                argv = shlex.split(str(entry.get("command", "")))
            except ValueError as exc:  # an unbalanced quote
                raise BuildInfoError(f"-p: {path}: entry {k}: 'command': {exc}") from None
        file = os.path.realpath(os.path.join(directory, str(entry["file"])))
        out[file] = parse_flags(argv[1:], directory)
    return out


def parse_flags(argv: list[str], directory: str) -> tuple[str, ...]:
    """Keep -I/-D/-U/-isystem/-iquote/-include/-imacros/-std= (and nvcc's long spellings),
    with paths made absolute."""
    flags: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        long, eq, joined = arg.partition("=")
        if long in _NVCC_LONG:
            if eq:
                flags += _normalize(_NVCC_LONG[long], joined, directory)
            elif i + 1 < len(argv):
                flags += _normalize(_NVCC_LONG[long], argv[i + 1], directory)
                i += 1
            i += 1
            continue
        if arg in _WITH_VALUE and i + 1 < len(argv):
            flags += _normalize(arg, argv[i + 1], directory)
            i += 2
            continue
        for prefix in _JOINED:
            if arg.startswith(prefix) and len(arg) > len(prefix):
                flags += _normalize(prefix, arg[len(prefix):], directory)
                break
        i += 1
    return tuple(flags)


def _normalize(flag: str, value: str, directory: str) -> list[str]:
    if flag in ("-I", "-isystem", "-iquote", "-include", "-imacros") and not os.path.isabs(value):
        value = os.path.normpath(os.path.join(directory, value))
    if flag == "-std=":
        # nvcc dialects (c++17) are clang's too; CUDA-only ones are not needed to parse.
        return [f"-std={value}"] if value.startswith(("c++", "gnu++")) else []
    if flag in ("-I", "-D", "-U"):
        return [flag + value]
    return [flag, value]


def changed_since(revision: str, paths: list[str]) -> set[str]:
    """Real paths of files changed since `revision` (committed, staged or not), plus untracked
    files, in the git work tree around the first path."""
    anchor = paths[0] if paths else "."
    folder = anchor if os.path.isdir(anchor) else os.path.dirname(os.path.abspath(anchor))
    top = _git(["rev-parse", "--show-toplevel"], folder).strip()
    changed = _git(["diff", "--name-only", "--diff-filter=ACMR", "-z", revision, "--"], top)
    untracked = _git(["ls-files", "--others", "--exclude-standard", "-z"], top)
    names = [n for n in (changed + untracked).split("\0") if n]
    return {os.path.realpath(os.path.join(top, n)) for n in names}


def _git(args: list[str], cwd: str) -> str:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as exc:
        raise BuildInfoError(f"--changed-since: cannot run git: {exc}") from None
    if proc.returncode != 0:
        raise BuildInfoError(f"--changed-since: git {' '.join(args[:2])}: {proc.stderr.strip()}")
    return proc.stdout


def flags_for(database: Mapping[str, tuple[str, ...]], path: str) -> tuple[str, ...]:
    return database.get(os.path.realpath(path), ()) if database else ()
