"""The result cache: a translated file is looked up by what determines its translation.

Key = hash(file bytes, display path, tool fingerprint, settings fingerprint, mapping digest,
parse arguments). The tool fingerprint hashes the package's own source files as well as its
version, so an edited checkout never serves results from older code. An entry also records
every other file the translation depends on (dependencies()): the files the compile database
force-includes (-include, -imacros) and every header an #include reaches through the search
path, transitively, by content hash, and each place the search looked in vain (a header created
there later would be found instead). Any of them changed since (a `#define` flipped, a header
shadowed) makes it a miss. Entries are signed (cache_files.py) and written with a temporary
file and a rename; a torn, foreign or damaged file reads as a miss.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from functools import cache
from pathlib import Path

from hipify_py import __version__
from hipify_py.cache_files import cache_root, read_signed, write_signed
from hipify_py.results import FileResult

_FORMAT = 2
_INCLUDE = re.compile(
    rb'^[ \t]*#[ \t]*(?:include|include_next|import)[ \t]*[<"]([^">\r\n]+)[">]', re.M)
FORCED_INCLUDE_FLAGS = ("-include", "-imacros")  # a file read before the source
# Beyond this many files a translation is not cached (its dependencies could not all be
# checked), rather than served from a partial list.
_MAX_DEPENDENCIES = 5000
Dependencies = tuple[tuple[str, str], ...]  # (path, sha256 of its bytes; "" absent)


@cache
def tool_fingerprint() -> str:
    """Version plus each of the package's code files, by name, size and modification time:
    an edited checkout never serves results from older code, and a run reads none of them.
    (os.walk, not Path.rglob: a one-file run spent 6 ms walking __pycache__ through pathlib.)"""
    h = hashlib.sha256(f"{__version__}/{_FORMAT}".encode())
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # hipify_py
    found: list[str] = []
    for folder, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found.extend(os.path.join(folder, f) for f in files if f.endswith((".py", ".h")))
    for path in sorted(found):
        try:
            st = os.stat(path)
        except OSError:
            continue
        relative = os.path.relpath(path, package).replace(os.sep, "/")
        h.update(f"{relative}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
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

    def get(self, key: str) -> tuple[FileResult, Dependencies] | None:
        """The result stored under key, with its dependencies, if none has changed since."""
        entry = read_signed(self._path(key), tuple)
        if entry is None or len(entry) != 2 or not isinstance(entry[0], FileResult):
            return None
        result: FileResult = entry[0]
        if any(_digest(path) != digest for path, digest in entry[1]):
            return None  # a header it was translated with has changed, or a new one shadows it
        return result, entry[1]

    def put(self, key: str, result: FileResult, dependencies: Dependencies | None) -> None:
        """Best effort: a read-only, full or untrusted cache directory only costs speed. No
        dependencies (too many to list): not stored."""
        if dependencies is not None:
            write_signed(self._path(key), (result, dependencies))


def forced_includes(extra_args: tuple[str, ...]) -> list[str]:
    """The files -include and -imacros name (paths as the compile database made them)."""
    return [extra_args[k + 1] for k, flag in enumerate(extra_args[:-1])
            if flag in FORCED_INCLUDE_FLAGS]


def dependencies(path: str, data: bytes, extra_args: tuple[str, ...],
                 include_dirs: tuple[str, ...]) -> Dependencies | None:
    """Every file the translation of `path` (bytes `data`) depends on besides itself, with the
    hash of its bytes: the files forced in by -include/-imacros, and each file an #include
    names in the including file's folder or one of include_dirs (angled and quoted alike, in
    inactive branches too: clang's search and local_headers.py's take them in other orders),
    transitively. A candidate that does not exist is listed with "" (absent): a header created
    there later may be found first, and change the translation. None: more than
    _MAX_DEPENDENCIES."""
    found: dict[str, str] = {}
    todo: list[tuple[str, tuple[str, ...]]] = [(path, _include_names(data))]

    def take(candidate: str) -> None:
        """Record a candidate; a file's own includes are followed in turn."""
        facts = _header_facts(candidate)
        found[candidate] = facts[0] if facts is not None else ""
        if facts is not None:
            todo.append((candidate, facts[1]))

    for forced in forced_includes(extra_args):
        full = os.path.normpath(os.path.abspath(forced))
        if full not in found:
            take(full)
    while todo:
        current, names = todo.pop()
        folder = os.path.dirname(os.path.abspath(current))
        for name in names:
            for base in (folder, *include_dirs):
                candidate = os.path.normpath(os.path.join(base, name))
                if candidate not in found:
                    if len(found) >= _MAX_DEPENDENCIES:
                        return None
                    take(candidate)
    found.pop(os.path.normpath(os.path.abspath(path)), None)
    return tuple(sorted(found.items()))


def _include_names(text: bytes) -> tuple[str, ...]:
    return tuple(m.group(1).decode("utf-8", "surrogateescape").strip()
                 for m in _INCLUDE.finditer(text))


# (path, mtime_ns, size) -> (sha256, the names its #includes give), per process: the TUs of a
# tree include the same headers, which were read and hashed again for each of them.
_FACTS: dict[tuple[str, int, int], tuple[str, tuple[str, ...]]] = {}


def _header_facts(path: str) -> tuple[str, tuple[str, ...]] | None:
    """A regular file's hash and include names; None where there is none to read."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    key = (path, st.st_mtime_ns, st.st_size)
    facts = _FACTS.get(key)
    if facts is None:
        if len(_FACTS) >= 50_000:  # a long-lived process: emptied when full, never unbounded
            _FACTS.clear()
        text = _read(path)
        if text is None:
            return None
        facts = _FACTS[key] = (hashlib.sha256(text).hexdigest(), _include_names(text))
    return facts


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _digest(path: str) -> str:
    """A dependency's hash now ("" where there is no regular file), as dependencies() listed it;
    a warm run asks for the same header once per includer, and is answered from _FACTS."""
    facts = _header_facts(path)
    return facts[0] if facts is not None else ""
