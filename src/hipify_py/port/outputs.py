"""Where translations go and how they get there: atomic, only when changed, never outside the
output the user gave.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Mapping

from hipify_py.port.local_headers import INCLUDE_DIRECTIVE

# --rename-extensions: what hipcc and ROCm projects use. .cu -> .hip (hipcc compiles .hip as
# HIP); a CUDA header becomes a .hip.h header so its role stays visible next to plain .h files.
RENAMED_EXTENSIONS: dict[str, str] = {".cu": ".hip", ".cuh": ".hip.h"}


class WriteError(OSError):
    """An output could not be written; `code` is the diagnostic to report."""

    def __init__(self, path: str, message: str, code: str = "HPY906") -> None:
        super().__init__(message)
        self.path = path
        self.code = code


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


# Folders this process has created or seen: makedirs costs system calls per output otherwise.
_MADE: set[str] = set()


def read_existing(path: str) -> bytes | None:
    """A file's bytes, or None where there is none to read (an output not written yet)."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def write_if_changed(path: str, data: bytes, *, mode_from: str | None = None) -> bool:
    """Atomically replace `path` with `data` unless it already holds exactly that.
    Returns whether it wrote. Unchanged files keep their mtime, so builds stay incremental."""
    try:
        if not _is_device_or_pipe(path):  # reading a pipe would wait for a writer
            with open(path, "rb") as handle:
                if handle.read() == data:
                    return False
    except OSError:
        pass
    try:
        atomic_write(path, data, mode_from=mode_from)
    except OSError as exc:
        raise _error(path, exc) from None
    return True


def _is_device_or_pipe(path: str | os.PathLike[str]) -> bool:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISBLK(mode)


def atomic_write(path: str | os.PathLike[str], data: bytes, *, mode_from: str | None = None) -> None:
    """Write through a temporary file in the same folder and a rename: readers see the old
    file or the new one, never half of it. A device or pipe (`-o /dev/null`, `-o /dev/stdout`)
    is written into, never replaced by a file. Raises OSError."""
    if _is_device_or_pipe(path):
        with open(path, "wb") as handle:
            handle.write(data)
        return

    def fill(fd: int, tmp: str) -> None:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        with contextlib.suppress(OSError):  # keep the executable bit etc.; not essential
            if mode_from is not None:
                shutil.copymode(mode_from, tmp)
            elif not os.path.exists(path):  # a new file gets the usual mode, not mkstemp's 0600
                os.chmod(tmp, 0o666 & ~_umask())
            else:
                shutil.copymode(path, tmp)

    _replace_through_temporary(path, fill)


def atomic_copy(source: str, target: str) -> None:
    """Copy a file's bytes (sendfile where the OS has it), mode and times, atomically."""

    def fill(fd: int, tmp: str) -> None:
        os.close(fd)
        shutil.copyfile(source, tmp)
        shutil.copystat(source, tmp)

    _replace_through_temporary(target, fill)


def _replace_through_temporary(path: str | os.PathLike[str],
                               fill: Callable[[int, str], None]) -> None:
    """Make a temporary file beside path, let fill write it (given its descriptor), and rename
    it over path; on any failure the temporary file goes and path is untouched."""
    folder = os.path.dirname(os.path.abspath(path))
    if folder not in _MADE:
        os.makedirs(folder, exist_ok=True)
        _MADE.add(folder)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".hipify-py-", suffix=".tmp")
    except FileNotFoundError:  # removed since we made it
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".hipify-py-", suffix=".tmp")
    try:
        fill(fd, tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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


def _error(path: str, exc: OSError) -> WriteError:
    if exc.errno == errno.ENAMETOOLONG:
        return WriteError(path, "path too long for the operating system", "HPY907")
    return WriteError(path, f"cannot write: {exc.strerror or exc}")
