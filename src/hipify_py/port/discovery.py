"""Which files a run takes: walk directories with gitignore-style globs, never loop, never
walk into the output.

Files named explicitly are always taken (whatever their extension). Problems met while walking
(a symlink loop, an unreadable directory, a path the OS cannot handle) become FileResults with a
diagnostic, so the run reports them and goes on.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import re
import stat
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from hipify_py.buildfiles import is_build_file
from hipify_py.errors import UsageError
from hipify_py.results import FileResult, FileStatus

SOURCE_EXTENSIONS = frozenset(
    {".cu", ".cuh", ".cpp", ".cxx", ".cc", ".c", ".h", ".hpp", ".hxx", ".inl", ".inc"}
)
# Version control, caches and build trees: never sources to port, often huge.
SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", "__pycache__", "node_modules", ".tox", ".venv", "venv", "build",
     "_build", "CMakeFiles", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
)
SKIPPED_DIR_GLOBS = ("cmake-build-*",)


class Source(NamedTuple):
    """One file to translate."""

    path: str  # as shown to the user (relative paths stay relative)
    root: str  # the directory its output path is computed from
    explicit: bool = False  # named on the command line


class Discovery(NamedTuple):
    """What the inputs name: the files to translate, and those reported instead."""

    sources: tuple[Source, ...]
    problems: tuple[FileResult, ...]


if TYPE_CHECKING:
    import pathspec


def _spec(patterns: Sequence[str]) -> pathspec.PathSpec[Any] | None:
    if not patterns:
        return None
    import pathspec  # only when globs are given: it costs 18 ms to import

    try:
        spec = pathspec.GitIgnoreSpec.from_lines(patterns)
        spec.match_file("probe")  # a pattern's regex may compile only when first matched
    except (ValueError, re.error) as exc:  # pathspec's errors, and a bad range like [z-a]
        raise UsageError(f"bad glob in {list(patterns)}: {exc}") from None
    return spec


def is_skipped_dir(name: str) -> bool:
    return name in SKIPPED_DIRS or any(fnmatch.fnmatch(name, g) for g in SKIPPED_DIR_GLOBS)


class IgnoreRules:
    """--exclude globs (relative to the walked root) and the tree's own .gitignore files (each
    relative to its folder), asked with root-relative '/'-separated paths (folders end in '/')."""

    def __init__(self, root: str, exclude: Sequence[str]) -> None:
        self.root = root
        self.exclude = _spec(exclude)
        self._gitignores: dict[str, pathspec.PathSpec[Any] | None] = {}

    def ignored(self, rel: str) -> bool:
        if self.exclude is not None and self.exclude.match_file(rel):
            return True
        parts = rel.rstrip("/").split("/")
        for depth in range(len(parts)):
            folder = "/".join(parts[:depth])
            spec = self._gitignore(folder)
            if spec is not None and spec.match_file(rel[len(folder) + 1 if folder else 0 :]):
                return True
        return False

    def _gitignore(self, folder: str) -> pathspec.PathSpec[Any] | None:
        if folder not in self._gitignores:
            path = os.path.join(self.root, folder, ".gitignore")
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    lines = handle.read().splitlines()
            except OSError:
                lines = []
            try:
                self._gitignores[folder] = _spec(lines)
            except UsageError:  # a pattern pathspec cannot read: that file is not honoured
                self._gitignores[folder] = None
        return self._gitignores[folder]


def ignore_rules(root: str, exclude: Sequence[str]) -> IgnoreRules:
    return IgnoreRules(root, exclude)


def _problem(path: str, code: str, message: str, status: FileStatus = FileStatus.SKIPPED) -> FileResult:
    return FileResult.problem(path, code, message, status)


def discover(
    paths: Sequence[str],
    *,
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    excluded_dirs: Iterable[str] = (),
    extensions: frozenset[str] = SOURCE_EXTENSIONS,
) -> Discovery:
    """Expand the command line's paths into sources, in a stable order."""
    include_spec = _spec(include)
    fenced = {os.path.realpath(d) for d in excluded_dirs}
    sources: dict[tuple[int, int], Source] = {}
    problems: list[FileResult] = []
    cwd = os.getcwd()
    for given in paths:
        try:
            st = os.stat(given)
        except OSError as exc:
            problems.append(_stat_problem(given, exc))
            continue
        if stat.S_ISDIR(st.st_mode):
            _walk(given, include_spec, ignore_rules(given, exclude), fenced, extensions, sources,
                  problems)
        elif not stat.S_ISREG(st.st_mode):
            problems.append(_not_regular(given))
        else:
            parent = os.path.dirname(os.path.abspath(given))
            root = cwd if (os.path.abspath(given) + os.sep).startswith(cwd + os.sep) else parent
            sources.setdefault((st.st_dev, st.st_ino), Source(given, root, explicit=True))
    ordered = sorted(sources.values(), key=lambda s: s.path)
    return Discovery(tuple(ordered), tuple(problems))


def _not_regular(path: str) -> FileResult:
    """A FIFO, socket or device: reading it could block forever or never end."""
    return _problem(path, "HPY913", "not a regular file (a FIFO, socket or device): not read")


def _stat_problem(path: str, exc: OSError) -> FileResult:
    if exc.errno == errno.ELOOP:
        return _problem(path, "HPY905", "symbolic link loop; not followed")
    if exc.errno == errno.ENAMETOOLONG:
        return _problem(path, "HPY907", "path too long for the operating system", FileStatus.FAILED)
    if exc.errno == errno.ENOENT and os.path.islink(path):
        return _problem(path, "HPY902", "broken symbolic link", FileStatus.FAILED)
    if exc.errno == errno.ENOENT:
        return _problem(path, "HPY902", "no such file or directory", FileStatus.FAILED)
    return _problem(path, "HPY902", f"cannot read: {exc.strerror or exc}", FileStatus.FAILED)


def walk_tree(
    top: str,
    rules: IgnoreRules,
    fenced: Collection[str],
    *,
    follow_links: bool,
    problems: list[FileResult] | None = None,
) -> Iterator[tuple[os.DirEntry[str], str]]:
    """(entry, '/'-separated path relative to top) of every file (or link) the walk takes,
    sorted; ignored, skipped and fenced folders are not entered. Depth-first with the chain of
    real directory paths: a directory that is its own ancestor is a symlink loop."""
    # (folder, its path relative to top with a trailing '/', or '' for top; chain)
    stack: list[tuple[str, str, tuple[str, ...]]] = [(top, "", ())]
    while stack:
        folder, prefix, chain = stack.pop()
        real = os.path.realpath(folder)
        if real in chain:
            if problems is not None:
                problems.append(_problem(folder, "HPY905", "symbolic link loop; not followed"))
            continue
        if real in fenced:
            continue  # the output directory inside the input tree
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            if problems is not None:
                problems.append(_stat_problem(folder, exc))
            continue
        subdirs: list[tuple[str, str]] = []
        for entry in entries:
            rel = prefix + entry.name  # what os.path.relpath(entry.path, top) gives, cheaper
            try:
                is_dir = entry.is_dir(follow_symlinks=follow_links)
            except OSError as exc:
                if problems is not None:
                    problems.append(_stat_problem(entry.path, exc))
                continue
            if is_dir:
                if not (is_skipped_dir(entry.name) or rules.ignored(rel + "/")):
                    subdirs.append((entry.path, rel + "/"))
                continue
            if not rules.ignored(rel):
                yield entry, rel
        stack.extend((d, p, (*chain, real)) for d, p in reversed(subdirs))


def _walk(
    top: str,
    include_spec: pathspec.PathSpec[Any] | None,
    rules: IgnoreRules,
    fenced: set[str],
    extensions: frozenset[str],
    sources: dict[tuple[int, int], Source],
    problems: list[FileResult],
) -> None:
    for entry, rel in walk_tree(top, rules, fenced, follow_links=True, problems=problems):
        if os.path.splitext(entry.name)[1] not in extensions and not is_build_file(entry.name):
            continue
        if include_spec is not None and not include_spec.match_file(rel):
            continue
        try:
            st = entry.stat()  # follows links: a link to a missing file or a loop fails
        except OSError as exc:
            problems.append(_stat_problem(entry.path, exc))
            continue
        if not stat.S_ISREG(st.st_mode):
            problems.append(_not_regular(entry.path))
            continue
        # The file's identity, so two links to one file are taken once.
        sources.setdefault((st.st_dev, st.st_ino), Source(entry.path, top))


DEFAULT_MAX_FILE_SIZE = 8 * 1024 * 1024


def read_source(
    path: str, *, display_path: str | None = None, max_file_size: int = DEFAULT_MAX_FILE_SIZE
) -> bytes | FileResult:
    """The bytes of a source file, or a FileResult that reports why there are none."""
    shown = display_path or path
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            return _failed(shown, "HPY902", "is a directory, not a file")
        if not stat.S_ISREG(st.st_mode):
            kind = ("a FIFO" if stat.S_ISFIFO(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode)
                    else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
                    else "not a regular file")
            return _skipped(shown, "HPY913",
                            f"is {kind}, not a regular file: not read")
        if st.st_size > max_file_size:
            return _too_big(shown, max_file_size)
        with open(path, "rb") as handle:
            data = handle.read(max_file_size + 1)  # st_size can lie (/proc, growing files)
        if len(data) > max_file_size:
            return _too_big(shown, max_file_size)
    except FileNotFoundError:
        return _failed(shown, "HPY908", "file disappeared before it was read")
    except IsADirectoryError:
        return _failed(shown, "HPY902", "is a directory, not a file")
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return _failed(shown, "HPY907", "path too long for the OS")
        if exc.errno == errno.ELOOP:
            return _skipped(shown, "HPY905", "symbolic link loop")
        return _failed(shown, "HPY902",
                        f"cannot read: {exc.strerror or exc}")
    if b"\0" in data[:8192]:
        return _skipped(shown, "HPY903", "contains NUL bytes: not source text")
    return data


def _too_big(path: str, max_file_size: int) -> FileResult:
    return _skipped(path, "HPY909", f"file is over the {max_file_size / 1e6:.1f} MB limit; skipped")


def _skipped(path: str, code: str, message: str) -> FileResult:
    return _problem(path, code, message, FileStatus.SKIPPED)


def _failed(path: str, code: str, message: str) -> FileResult:
    return _problem(path, code, message, FileStatus.FAILED)
