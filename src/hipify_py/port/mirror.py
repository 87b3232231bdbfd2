"""--output-dir gives a whole tree: every file the run did not translate is copied as it is.

A ported project needs its data files, READMEs, scripts and build files beside the code. What is
copied: every regular file under the input directories that no translation was written for, byte
for byte, with its permission bits and modification time (so `make` sees the same ages), through
a temporary file and a rename. A symbolic link whose target stays inside the tree is recreated as
the same link; one that points outside the tree, or nowhere, is reported (HPY912) and not copied.
What the walk never takes (version-control and build folders, --exclude, the tree's .gitignore
files, the output folder itself) stays out. An output that already matches (same size and time)
is left alone, so a second run copies nothing.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Collection, Iterator, Mapping, Sequence

from hipify_py.files import WriteError, atomic_copy
from hipify_py.port.discovery import SKIPPED_DIRS, ignore_rules, walk_tree
from hipify_py.port.outputs import ensure_inside
from hipify_py.reporting.diagnostics import CATALOGUE
from hipify_py.results import FileResult, FileStatus

# Left in an output folder that lies inside its input tree, so that a later run knows the
# folder's files are ours to replace (see cli._refuse_overwriting_inputs).
MARKER = ".hipify-py-output"


class MirrorOutcome:
    """What the mirror did, counted as it goes (a plain class: made once, never compared)."""

    __slots__ = ("copied", "linked", "problems", "stale", "unchanged")

    def __init__(self) -> None:
        self.copied = 0  # files written (new or changed)
        self.unchanged = 0  # outputs that already matched
        self.linked = 0
        self.stale: list[str] = []  # sync check: outputs missing or different
        self.problems: list[FileResult] = []


def mirror_tree(
    roots: Sequence[str],
    output_dir: str,
    *,
    translated: Collection[str],
    written: Mapping[str, str] | None = None,
    exclude: Sequence[str] = (),
    sync_check: bool = False,
) -> MirrorOutcome:
    """Copy what `translated` (the files already delivered, or refused) does not cover;
    `written` (input -> output) are the translations' outputs, which no copy may replace.
    With sync_check, compare only: missing or different outputs are listed as stale."""
    outcome = MirrorOutcome()
    fence = os.path.realpath(output_dir)
    if not sync_check and any((fence + os.sep).startswith(os.path.realpath(r) + os.sep)
                              for r in roots if os.path.isdir(r)):
        with contextlib.suppress(OSError):
            os.makedirs(fence, exist_ok=True)
            with open(os.path.join(fence, MARKER), "ab"):
                pass
    # The walk below yields the same path strings discovery gave the sources (same roots, same
    # walk): comparing absolute paths is exact, and realpath per file would be the cost here.
    done = {os.path.abspath(p) for p in translated}
    # output path -> the input written there (a translation, or a copy from another root)
    taken = {os.path.normpath(out): src for src, out in (written or {}).items()}
    for root in roots:
        if not os.path.isdir(root):
            continue
        for path, rel in _files(root, exclude, fence):
            if os.path.abspath(path) in done and not os.path.islink(path):
                continue
            target = os.path.join(output_dir, rel)
            first = taken.setdefault(os.path.normpath(target), path)
            if first != path:
                outcome.problems.append(_problem(
                    path, "HPY914", f"its copy would be the same file as that of {first}: "
                    "not copied"))
                continue
            try:
                ensure_inside(target, output_dir)
                if os.path.islink(path):
                    _link(path, root, target, outcome, sync_check)
                else:
                    _copy(path, target, outcome, sync_check)
            except WriteError as exc:
                outcome.problems.append(_problem(path, exc.code, f"{exc.path}: {exc}"))
            except OSError as exc:
                outcome.problems.append(_problem(path, "HPY906", f"{target}: cannot copy: "
                                                 f"{exc.strerror or exc}"))
    return outcome


def _files(root: str, exclude: Sequence[str], fence: str) -> Iterator[tuple[str, str]]:
    """(path, path relative to root) of every file and link the mirror takes, sorted; links to
    folders are taken as links, not walked."""
    for entry, rel in walk_tree(root, ignore_rules(root, exclude), {fence}, follow_links=False):
        if entry.name not in SKIPPED_DIRS and (entry.is_symlink()
                                              or entry.is_file(follow_symlinks=False)):
            yield entry.path, rel


def _copy(path: str, target: str, outcome: MirrorOutcome, sync_check: bool) -> None:
    st = os.stat(path)
    try:
        old = os.stat(target)
        same = (not os.path.islink(target) and old.st_size == st.st_size
                and int(old.st_mtime) == int(st.st_mtime))
    except OSError:
        same = False
    if same:
        outcome.unchanged += 1
        return
    if sync_check:
        outcome.stale.append(target)
        return
    atomic_copy(path, target)
    outcome.copied += 1


def _link(path: str, root: str, target: str, outcome: MirrorOutcome, sync_check: bool) -> None:
    pointer = os.readlink(path)
    resolved = os.path.realpath(path)
    inside = (resolved + os.sep).startswith(os.path.realpath(root) + os.sep)
    if os.path.isabs(pointer) or not inside or not os.path.exists(path):
        where = "nowhere" if not os.path.exists(path) else f"outside the tree ({resolved})"
        outcome.problems.append(_problem(path, "HPY912", f"symbolic link to {where}: not copied"))
        return
    if os.path.islink(target) and os.readlink(target) == pointer:
        outcome.unchanged += 1
        return
    if sync_check:
        outcome.stale.append(target)
        return
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        if os.path.isdir(target) and not os.path.islink(target):
            raise WriteError(target, "a folder is in the way of a link")
        os.unlink(target)
    os.symlink(pointer, target)
    outcome.linked += 1


def _problem(path: str, code: str, message: str) -> FileResult:
    status = FileStatus.SKIPPED if CATALOGUE[code].severity.label != "error" else FileStatus.FAILED
    return FileResult.problem(path, code, message, status)
