"""The headers a file includes, as clang needs them: their preprocessor directives only.

No rule looks at what a header declares; rules need the macros it defines and the #if branches
they select (an execution space spelled `CUTLASS_DEVICE`, a kernel under `#if USE_CUDA`). Yet
clang parsed every declaration of every header again for each file that includes it: a 500-line
example of a template library took 450 ms, for 5 ms of its own. So each header the file reaches
is handed to clang as its skeleton: every directive kept (with its continuation lines), every
other line empty. Declarations of the file itself that name a header's types then meet unknown
types, as they meet CUDA's own (never declared, see prelude/cuda_prelude.h); clang recovers the
same way.

Headers are found as clang finds them: a quoted name in the including file's folder first, then
the -I folders in order. What is not found this way (an #include_next, a computed name, a
force-included file) clang reads whole, as before: slower, never wrong.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence

_SPACE_OR_TEXT = re.compile(
    rb"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.DOTALL)
_INCLUDE = re.compile(rb"^[ \t]*#[ \t]*(?:include|import)[ \t]*([<\"])([^>\"\n]+)[>\"]",
                      re.MULTILINE)
_MAX_HEADER_BYTES = 16 << 20  # larger is no header of a project's: clang reads it whole

# Per process, for the files of a run; emptied when full, so that a long-lived process (the API
# serving many trees) does not grow without end.
_KEPT = 50_000
_skeletons: dict[tuple[str, int, int], bytes | None] = {}
_found: dict[tuple[str, bool, str, tuple[str, ...]], str | None] = {}


def header_skeletons(path: str, data: bytes, include_dirs: Sequence[str],
                     keep_whole: Iterable[str] = ()) -> list[tuple[str, bytes]]:
    """(header path, skeleton) for every header reachable from the file `path` holding `data`;
    headers under a folder of `keep_whole` (the CUDA toolkit the user pointed at) are left to
    clang, and so are the headers they include."""
    whole = tuple(os.path.join(os.path.abspath(d), "") for d in keep_whole)
    dirs = tuple(include_dirs)
    found: dict[str, bytes] = {}
    main = os.path.abspath(path)
    todo = [(main, data)]
    while todo:
        including, text = todo.pop()
        folder = os.path.dirname(including)
        for angled, name in _includes(text):
            header = _find(folder, angled, name, dirs)
            if header is None or header == main or header in found or header.startswith(whole):
                continue
            skeleton = _skeleton(header)
            if skeleton is not None:
                found[header] = skeleton
                todo.append((header, skeleton))
    return list(found.items())


def skeleton_of(data: bytes) -> bytes:
    """The directives of a file, every other line left empty. Comments become one space (a
    block comment inside a #define keeps its line going), so a directive in a comment is none;
    string literals stay, so a comment marker in one is none either."""
    text = _SPACE_OR_TEXT.sub(lambda m: m[0] if m[0][:1] in b"\"'" else b" ", data)
    out: list[bytes] = []
    continued = False
    for line in text.split(b"\n"):
        if continued or line.lstrip().startswith(b"#"):
            out.append(line)
            continued = line.rstrip().endswith(b"\\")
        else:
            out.append(b"")
    return b"\n".join(out)


def _includes(text: bytes) -> list[tuple[bool, str]]:
    return [(m[1] == b"<", m[2].decode("utf-8", "surrogateescape").strip())
            for m in _INCLUDE.finditer(text)]


def _find(folder: str, angled: bool, name: str, dirs: tuple[str, ...]) -> str | None:
    key = (folder, angled, name, dirs)
    if key not in _found:
        if len(_found) >= _KEPT:
            _found.clear()
        places = dirs if angled else (folder, *dirs)
        _found[key] = next((os.path.abspath(os.path.join(d, name)) for d in places
                            if os.path.isfile(os.path.join(d, name))), None)
    return _found[key]


def _skeleton(header: str) -> bytes | None:
    try:
        info = os.stat(header)
    except OSError:
        return None
    key = (header, info.st_size, info.st_mtime_ns)
    if key not in _skeletons:
        if len(_skeletons) >= _KEPT:
            _skeletons.clear()
        if info.st_size > _MAX_HEADER_BYTES:
            _skeletons[key] = None
        else:
            try:
                with open(header, "rb") as handle:
                    data = handle.read()
            except OSError:
                data = None
            _skeletons[key] = None if data is None or b"\0" in data else skeleton_of(data)
    return _skeletons[key]


_DEFINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+(\w+)((?:[^\n\\]|\\.)*)", re.MULTILINE | re.DOTALL)
_SPACES = (b"__global__", b"__device__", b"__host__")


def execution_space_names(texts: Iterable[bytes]) -> frozenset[bytes]:
    """__global__, __device__, __host__ and every macro the texts define that expands to one
    of them (CUTLASS_DEVICE, HOST_DEVICE, a macro of such a macro)."""
    bodies: dict[bytes, bytes] = {}
    for text in texts:
        if b"define" in text:
            bodies.update((m[1], m[2]) for m in _DEFINE.finditer(text))
    names = set(_SPACES)
    grown = True
    while grown:
        grown = False
        for name, body in bodies.items():
            if name not in names and any(n in body for n in names):
                names.add(name)
                grown = True
    return frozenset(names)
