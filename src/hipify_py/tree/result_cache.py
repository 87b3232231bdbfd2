"""The result cache: a translated file is looked up by what determines its translation.

Key = hash(file bytes, display path, tool fingerprint, settings fingerprint, mapping digest,
parse arguments). The tool fingerprint hashes the package's own source files as well as its
version, so an edited checkout never serves results from older code. An entry also records the
content hash of every project header the file includes (transitively, through `#include "..."`):
a header changed since (a `#define` flipped) makes it a miss. Entries are signed
(cache_files.py) and written with a temporary file and a rename; a torn, foreign or damaged file
reads as a miss.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from hipify_py import __version__
from hipify_py.results import FileResult
from hipify_py.tree.cache_files import cache_root, read_signed, write_signed

_FORMAT = 2
_QUOTED_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.M)
_MAX_DEPENDENCIES = 500
Dependencies = tuple[tuple[str, str], ...]  # (header path, sha256 of its bytes)


@cache
def tool_fingerprint() -> str:
    """Version plus each of the package's code files, by name, size and modification time:
    an edited checkout never serves results from older code, and a run reads none of them."""
    h = hashlib.sha256(f"{__version__}/{_FORMAT}".encode())
    package = Path(__file__).parents[1]  # the whole hipify_py package
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".h"):
            try:
                st = path.stat()
            except OSError:
                continue
            h.update(f"{path.relative_to(package).as_posix()}\0{st.st_size}\0"
                     f"{st.st_mtime_ns}\0".encode())
    return h.hexdigest()[:20]


class ResultCache:
    def __init__(self, context: str, folder: Path | None = None) -> None:
        """`context` is everything run-wide that changes results (settings, mappings...)."""
        self.folder = folder or cache_root() / "results"
        self._folder = str(self.folder)
        self._context = hashlib.sha256(f"{tool_fingerprint()}\0{context}".encode()).digest()

    def key(self, data: bytes, display_path: str, extra_args: tuple[str, ...]) -> str:
        h = hashlib.sha256(self._context)
        h.update(display_path.encode("utf-8", "surrogateescape"))
        h.update(b"\0" + "\0".join(extra_args).encode("utf-8", "surrogateescape") + b"\0")
        h.update(data)
        return h.hexdigest()

    def _path(self, key: str) -> str:
        return os.path.join(self._folder, key[:2], f"{key[2:]}.result")

    def get(self, key: str) -> FileResult | None:
        entry = read_signed(self._path(key), tuple)
        if entry is None or len(entry) != 2 or not isinstance(entry[0], FileResult):
            return None
        result: FileResult = entry[0]
        if any(_digest(path) != digest for path, digest in entry[1]):
            return None  # a header it was translated with has changed
        return result

    def put(self, key: str, result: FileResult) -> None:
        """Best effort: a read-only, full or untrusted cache directory only costs speed."""
        write_signed(self._path(key), (result, dependencies_of(result.local_includes)))


def dependencies_of(headers: tuple[str, ...]) -> Dependencies:
    """The project headers, and the headers they include with "...", with their hashes."""
    return tuple(sorted((path, hashlib.sha256(data).hexdigest() if data is not None else "")
                        for path, data in _walk_headers(headers)))


def dependency_paths(headers: tuple[str, ...]) -> list[str]:
    """The paths dependencies_of would hash (a caller that only stamps them)."""
    return sorted(path for path, _ in _walk_headers(headers))


def _walk_headers(headers: tuple[str, ...]) -> Iterator[tuple[str, bytes | None]]:
    """Each header once, with its bytes (None: unreadable), following `#include "..."`."""
    seen: set[str] = set()
    todo = list(headers)
    while todo and len(seen) < _MAX_DEPENDENCIES:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            yield path, None
            continue
        yield path, data
        folder = os.path.dirname(path)
        for m in _QUOTED_INCLUDE.finditer(data):
            nested = os.path.normpath(os.path.join(folder, m.group(1).decode("utf-8", "replace")))
            if os.path.isfile(nested):
                todo.append(nested)


_DIGESTS: dict[tuple[str, int, int], str] = {}  # (path, mtime_ns, size) -> sha256, per process


def _digest(path: str) -> str:
    """The header's hash; a warm run asks for the same header once per includer."""
    try:
        st = os.stat(path)
        known = _DIGESTS.get((path, st.st_mtime_ns, st.st_size))
        if known is not None:
            return known
        with open(path, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return ""
    _DIGESTS[(path, st.st_mtime_ns, st.st_size)] = digest
    return digest
