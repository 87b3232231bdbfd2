"""Where translations go: their places in the output (never outside the output the user gave),
renamed extensions and the includes that go with them, backups. How the bytes are written
(atomically, only when changed): hipify_py/files.py.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping

from hipify_py.files import WriteError, atomic_write
from hipify_py.port.local_headers import INCLUDE_DIRECTIVE

# --rename-extensions: what hipcc and ROCm projects use. .cu -> .hip (hipcc compiles .hip as
# HIP); a CUDA header becomes a .hip.h header so its role stays visible next to plain .h files.
RENAMED_EXTENSIONS: dict[str, str] = {".cu": ".hip", ".cuh": ".hip.h"}


def renamed(path: str) -> str:
    for old, new in RENAMED_EXTENSIONS.items():
        if path.endswith(old):
            return path[: -len(old)] + new
    return path


def destination(source: str, root: str, output_dir: str, rename: bool, *,
                checked: bool = True) -> str:
    """The source's place in the mirrored tree. Raises WriteError if it would leave output_dir
    (unless checked=False: only planning, nothing is written there yet)."""
    rel = _under(source, root)
    if rel is None:
        rel = os.path.relpath(os.path.abspath(source), os.path.abspath(root))
    if rel.startswith(os.pardir + os.sep) or rel == os.pardir or os.path.isabs(rel):
        rel = os.path.basename(source)
    target = os.path.join(output_dir, renamed(rel) if rename else rel)
    if checked:
        ensure_inside(target, output_dir)
    return target


def _under(source: str, root: str) -> str | None:
    """relpath(source, root) where source is root + a normal relative path (as the tree walk
    gives them: no cwd or path arithmetic needed); None otherwise."""
    prefix = root if root.endswith(os.sep) else root + os.sep
    if not root or not source.startswith(prefix):
        return None
    rest = source[len(prefix):]
    if not rest or rest.startswith(os.pardir) or os.path.normpath(rest) != rest:
        return None
    return rest


def ensure_inside(target: str, output_dir: str) -> None:
    """Refuse a path that resolves outside output_dir (e.g. through a symlinked folder)."""
    base = _real_folder(os.path.abspath(output_dir))
    parent = _real_folder(os.path.dirname(os.path.abspath(target)))
    if parent != base and not parent.startswith(base + os.sep):
        raise WriteError(target, f"refusing to write outside the output directory {output_dir}")


def _real_folder(folder: str) -> str:
    """realpath of a folder, remembered while it exists (one run asks for each folder many
    times; realpath costs a system call per path component)."""
    real = _REAL_FOLDERS.get(folder)
    if real is None:
        real = os.path.realpath(folder)
        if os.path.isdir(folder):  # a folder not made yet may become a link: ask again later
            _REAL_FOLDERS[folder] = real
    return real


_REAL_FOLDERS: dict[str, str] = {}


def rename_includes(
    data: bytes, resolve: Callable[[str, bool], str | None], renamed_files: Mapping[str, str]
) -> bytes:
    """Point includes of the user's files at renamed files: "kernels.cuh" -> "kernels.hip.h"
    when the header it resolves to is renamed in this run ("..." or <...>)."""
    if b"#" not in data:
        return data

    def swap(m: re.Match[bytes]) -> bytes:
        name = m.group(2).decode("utf-8", "surrogateescape")
        found = resolve(name, m.group(3) == b">")
        if found is None or os.path.realpath(found) not in renamed_files:
            return m.group(0)
        return m.group(1) + renamed(name).encode("utf-8", "surrogateescape") + m.group(3)

    return INCLUDE_DIRECTIVE.sub(swap, data)


def backup(path: str, suffix: str = ".orig") -> str:
    """Copy `path` to path + suffix (atomically) before an in-place rewrite. An existing backup
    is never replaced: the first holds the CUDA original. A file changed since (edited, or
    translated by another mapping) gets the next free name, path.orig.1, .2, ..., unless a
    backup already holds exactly these bytes."""
    with open(path, "rb") as handle:
        data = handle.read()
    target, n = path + suffix, 0
    while os.path.lexists(target):
        try:
            with open(target, "rb") as handle:
                if handle.read() == data:
                    return target
        except OSError:
            pass
        n += 1
        target = f"{path}{suffix}.{n}"
    atomic_write(target, data, mode_from=path)
    return target
