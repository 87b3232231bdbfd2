"""Files written safely: atomically, only when changed, never half of one; a device or pipe is
written into, never replaced. Every layer that writes (outputs, reports, caches) goes through here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from typing import BinaryIO


class WriteError(OSError):
    """An output could not be written; `code` is the diagnostic to report."""

    def __init__(self, path: str, message: str, code: str = "HPY906") -> None:
        super().__init__(message)
        self.path = path
        self.code = code


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


def atomic_write_stream(path: str | os.PathLike[str], write: Callable[[BinaryIO], None]) -> None:
    """atomic_write for data made as it is written (a pickle streamed out), so that it is never
    whole in memory; write gets the temporary file, open for writing and seeking. Raises
    OSError."""

    def fill(fd: int, tmp: str) -> None:
        with os.fdopen(fd, "wb") as handle:
            write(handle)

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


def _error(path: str, exc: OSError) -> WriteError:
    if exc.errno == errno.ENAMETOOLONG:
        return WriteError(path, "path too long for the operating system", "HPY907")
    return WriteError(path, f"cannot write: {exc.strerror or exc}")
