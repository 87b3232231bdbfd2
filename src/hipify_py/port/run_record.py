"""A re-run with nothing changed, served in one read.

The result cache makes each file of a re-run cheap, but a run still reads every file, follows
every include, unpickles every result and compares every output. When nothing a run depends on
has changed since an identical run (same tool, options, settings and tables, same files with the
same size and modification time, outputs and out-of-tree headers as that run left them), its
outcome is read back whole instead. Anything that differs (one file touched, an output deleted
or edited by hand) makes it a normal run, which the per-file cache still speeds up. Modification
times are what make, ninja and ccache trust too; a content change that keeps a file's size and
its nanosecond modification time is the one case this cannot see.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from hipify_py.cache_files import cache_root, read_signed, write_signed
from hipify_py.port import result_cache
from hipify_py.port.run_values import OutputMode, RunOptions, RunOutcome
from hipify_py.results import FileResult, FileStatus

if TYPE_CHECKING:
    from hipify_py.port.discovery import Discovery
    from hipify_py.reporting.render import Rendered
    from hipify_py.settings import Settings
    from hipify_py.tables.mapping_model import MappingTable

_FORMAT = 1
_SERVED = frozenset({FileStatus.TRANSLATED, FileStatus.UNCHANGED})
Stamp = tuple[str, int, int]  # (absolute path, size, st_mtime_ns); size -1: absent


def stamp(path: str) -> Stamp:
    try:
        st = os.stat(path)
    except OSError:
        return (path, -1, 0)
    return (path, st.st_size, st.st_mtime_ns)


def record_key(paths: Sequence[str], options: RunOptions, settings: Settings,
               table: MappingTable, found: Discovery) -> str | None:
    """What the run depends on, hashed; None where a run is never served whole (in-place
    edits, a git range, a sync check, no cache)."""
    if (options.mode not in (OutputMode.CHECK, OutputMode.OUTPUT_DIR) or not options.use_cache
            or options.changed_since or options.sync_check):
        return None
    # Neither the worker count nor a progress bar changes what a run produces.
    same = replace(options, jobs=None, progress=False)
    h = hashlib.sha256(f"{_FORMAT}\0{result_cache.tool_fingerprint()}\0{settings.fingerprint()}\0"
                       f"{table.digest}\0{os.getcwd()}\0{same!r}\0{list(paths)!r}".encode())
    if options.compile_db:
        h.update(repr(stamp(os.path.join(options.compile_db, "compile_commands.json"))).encode())
    for source in found.sources:
        h.update(repr((source.path, source.root, source.explicit,
                       stamp(source.path))).encode("utf-8", "surrogateescape"))
    h.update(repr([(p.path, p.status) for p in found.problems]).encode("utf-8", "surrogateescape"))
    return h.hexdigest()


def _path(key: str) -> str:
    return os.path.join(cache_root(), "runs", f"{key[:32]}.run")


def load(key: str) -> RunOutcome | None:
    """The outcome of the identical run before its tree was mirrored (the caller mirrors it
    again: other files may have changed), if its outputs and outside headers are as it left
    them."""
    record = read_signed(_path(key), tuple)
    if record is None or len(record) != 4:
        return None
    results, destinations, out_of_date, stamps = record
    if any(stamp(path) != (path, size, mtime) for path, size, mtime in stamps):
        return None
    return RunOutcome(results, dict(destinations), out_of_date, written=0,
                      cache_hits=sum(1 for r in results if r.status in _SERVED))


def save(key: str, outcome: RunOutcome, dependencies: Iterable[str]) -> None:
    """Best effort, like every cache write. Records the outputs and the files the results
    depend on (result_cache.dependencies: headers, forced includes, the places an include was
    looked for in vain), as they are now."""
    watched = [*outcome.destinations.values(), *dependencies]
    write_signed(_path(key), (outcome.results, tuple(outcome.destinations.items()),
                              outcome.out_of_date,
                              tuple(stamp(os.path.abspath(p)) for p in sorted(set(watched)))))


def with_problems(key: str, problems: Sequence[FileResult]) -> str:
    """The key of a recorded outcome to which the mirror added these problems (a link out of
    the tree, say): the values' repr names every field."""
    return hashlib.sha256(f"{key}\0{problems!r}".encode("utf-8", "surrogateescape")).hexdigest()


def recorded_reports(key: str) -> dict[str, Rendered]:
    """The reports rendered before from the results `key` names (RunOutcome.results_key), by
    format and what else they depend on (render.emit): a re-run served whole writes them with
    its own time filled in instead of rendering them again."""
    return read_signed(_reports_path(key), dict) or {}


def record_reports(key: str, reports: dict[str, Rendered]) -> None:
    """Best effort, like every cache write."""
    write_signed(_reports_path(key), reports)


def _reports_path(key: str) -> str:
    return os.path.join(cache_root(), "runs", f"{key[:32]}.reports")
