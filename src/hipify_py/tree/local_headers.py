"""Which #include names a file of the user's own tree: such a header is user code, never a CUDA
header to rename or drop, whatever its name.

An include resolves the way a build's preprocessor would find it: the including file's folder,
then the -I folders (given, or from a compile database). Where neither finds it, a file of that
name under the input roots that is the only one of that name is taken, as a build's -I would
(projects keep helpers in a common folder and pass -I to it). That last fallback is not used for
the names of CUDA's own headers: a project file shadowing `cuda_runtime.h` counts only where the
search path above reaches it.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterable


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


Resolver = Callable[[str], "str | None"]


def local_resolver(
    path: str,
    include_dirs: tuple[str, ...],
    index: HeaderIndex | None = None,
    is_cuda_header: Callable[[str], bool] | None = None,
) -> Resolver:
    """A function from an include's name to the user's file it names, or None."""
    base = os.path.dirname(os.path.abspath(path))

    def resolve(header: str) -> str | None:
        for folder in (base, *include_dirs):
            candidate = os.path.normpath(os.path.join(folder, header))
            if os.path.isfile(candidate):
                return candidate
        if index is None or (is_cuda_header is not None and is_cuda_header(header)):
            return None
        return index.unique(header)

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
    for source in sources:
        if not source.endswith(HOST_SOURCE_SUFFIXES):
            continue
        data = read(source)
        if data is None or (not source.endswith(".c") and _GPU_HINT.search(data)):
            continue
        todo = [(source, data)]
        while todo:
            path, text = todo.pop()
            resolve = local_resolver(path, (), index, is_cuda_header)
            for m in INCLUDE_DIRECTIVE.finditer(text):
                header = resolve(m.group(2).decode("utf-8", "surrogateescape"))
                if header is None or header in out or header == source:
                    continue
                out[header] = source
                body = read(header)
                if body is not None:
                    todo.append((header, body))
    return out
