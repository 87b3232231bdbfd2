"""Which #include names a file of the user's own tree: such a header is user code, never a CUDA
header to rename or drop, whatever its name.

An include resolves the way a build's preprocessor would find it: "..." searches the including
file's folder, then the -I folders (given, or from a compile database); <...> searches the -I
folders only. Where that finds nothing, the build must have had an -I we were not told: a file
of that name beside the including file (for <...>: `-I.`), else the only file of that name
under the input roots, is taken (projects keep helpers in a common folder and pass -I to it).
Those guesses are never made for the names of CUDA's own headers (a project file shadowing
`cuda_runtime.h` counts only where the search path above reaches it: `#include <cuda.h>` in a
project's own vendors/cuda.h is CUDA's header), and never give the including file itself.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator


class HeaderIndex:
    """The files under the input roots, by base name (absolute paths)."""

    def __init__(self, paths: Iterable[str] = ()) -> None:
        by_name: dict[str, list[str]] = {}
        for path in paths:
            full = os.path.abspath(path)
            by_name.setdefault(os.path.basename(full), []).append(full)
        self._by_name = {name: tuple(sorted(set(found))) for name, found in by_name.items()}

    @property
    def digest(self) -> str:
        """Changes when a file is added or removed: results that resolved includes through the
        index are cached under it."""
        h = hashlib.sha256()
        for name in sorted(self._by_name):
            h.update("\0".join(self._by_name[name]).encode("utf-8", "surrogateescape") + b"\n")
        return h.hexdigest()[:16]

    def unique(self, header: str) -> str | None:
        """The one indexed file whose path ends with `header` (a/b.h matches .../a/b.h)."""
        normal = os.path.normpath(header)
        if normal.startswith(("..", os.sep)):
            return None
        found = [p for p in self._by_name.get(os.path.basename(normal), ())
                 if p.endswith(os.sep + normal)]
        return found[0] if len(found) == 1 else None


# (header name, angled: written <...>) -> the user's file it names, or None.
Resolver = Callable[[str, bool], "str | None"]


def local_resolver(
    path: str,
    include_dirs: tuple[str, ...],
    index: HeaderIndex | None = None,
    is_cuda_header: Callable[[str], bool] | None = None,
) -> Resolver:
    """A function from an include's name (and whether it is written <...>) to the user's file it
    names, or None."""
    itself = os.path.normpath(os.path.abspath(path))
    base = os.path.dirname(itself)

    def resolve(header: str, angled: bool) -> str | None:
        for folder in include_dirs if angled else (base, *include_dirs):
            candidate = os.path.normpath(os.path.join(folder, header))
            if os.path.isfile(candidate):
                return candidate
        if is_cuda_header is not None and is_cuda_header(header):
            return None
        if angled:
            beside = os.path.normpath(os.path.join(base, header))
            if beside != itself and os.path.isfile(beside):
                return beside
        found = index.unique(header) if index is not None else None
        return None if found == itself else found

    return resolve


# An #include line read from bytes (no parse): groups are the text up to the opening delimiter,
# the header name, and the closing delimiter (outputs.rename_includes rewrites the name).
INCLUDE_DIRECTIVE = re.compile(rb'^([ \t]*#[ \t]*include[ \t]*["<])([^">\r\n]+)([">])', re.M)
# Signs that a C++ source is CUDA (compiled by nvcc, or by the host compiler with CUDA's headers).
_GPU_HINT = re.compile(
    rb"__global__|__device__|<<<|\bcuda[A-Z]\w*|\bcu(?:blas|rand|fft|sparse|solver|dnn)\w*"
    rb"|#[ \t]*include[ \t]*[<\"](?:cuda|cub/|thrust/|cooperative_groups|curand|cublas|cufft)")
HOST_SOURCE_SUFFIXES = (".c", ".cpp", ".cc", ".cxx")


def host_only_includers(
    sources: Iterable[str], index: HeaderIndex, is_cuda_header: Callable[[str], bool],
    read: Callable[[str], bytes | None],
) -> dict[str, str]:
    """Header (absolute path) -> a host-only source that includes it, directly or through other
    headers. Host-only: a .c file, or C/C++ that shows no sign of CUDA. Such headers are
    compiled by the host compiler too, so nothing HIP-only may be added to them."""
    out: dict[str, str] = {}
    for source, data in _host_only(sources, read):
        for header, _ in _included(source, data, index, is_cuda_header, read, out):
            out[header] = source
    return out


def gpu_headers_of_host_sources(
    sources: Iterable[str], index: HeaderIndex, is_cuda_header: Callable[[str], bool],
    read: Callable[[str], bytes | None],
) -> dict[str, str]:
    """Host-only C++ source (absolute path) -> the first local header it includes, directly or
    through others, that shows CUDA. hipcc may compile such a source as GPU code; the header's
    hip/hip_runtime.h would then come after the source's own macros (`#define T double` rewrote
    HIP's templates), so the source gets it first, as nvcc's implicit include is."""
    out: dict[str, str] = {}
    for source, data in _host_only(sources, read):
        if source.endswith(".c"):
            continue
        for header, body in _included(source, data, index, is_cuda_header, read, {}):
            if _GPU_HINT.search(body):
                out[source] = header
                break
    return out


def _host_only(sources: Iterable[str],
               read: Callable[[str], bytes | None]) -> Iterator[tuple[str, bytes]]:
    for source in sources:
        if not source.endswith(HOST_SOURCE_SUFFIXES):
            continue
        data = read(source)
        if data is None or (not source.endswith(".c") and _GPU_HINT.search(data)):
            continue
        yield source, data


def _included(source: str, data: bytes, index: HeaderIndex, is_cuda_header: Callable[[str], bool],
              read: Callable[[str], bytes | None],
              seen: dict[str, str]) -> Iterator[tuple[str, bytes]]:
    """The local headers a source includes, transitively, each once, in include order; `seen`:
    headers already visited (by an earlier source) that are not walked again."""
    visited = {source}
    todo = deque([(source, data)])
    while todo:
        path, text = todo.popleft()
        resolve = local_resolver(path, (), index, is_cuda_header)
        for m in INCLUDE_DIRECTIVE.finditer(text):
            header = resolve(m.group(2).decode("utf-8", "surrogateescape"), m.group(3) == b">")
            if header is None or header in visited or header in seen:
                continue
            visited.add(header)
            body = read(header)
            if body is not None:
                yield header, body
                todo.append((header, body))
