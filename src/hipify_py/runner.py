"""A whole run: discover files, translate them (cache, process pool), follow local headers,
deliver the outputs. Returns plain values; the CLI turns them into reports and exit codes.

Translation happens in workers; reading, hashing, the cache and every write happen here in the
parent, so there is one writer and a worker crash cannot leave half-written outputs.
"""

from __future__ import annotations

import enum
import multiprocessing
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hipify_py.build_info import (
    changed_since,
    flags_for,
    include_dirs_of,
    load_compile_commands,
)
from hipify_py.diagnostics import CATALOGUE, Diagnostic
from hipify_py.discovery import Discovery, Source, discover
from hipify_py.mapping_model import MappingTable
from hipify_py.outputs import (
    RENAMED_EXTENSIONS,
    WriteError,
    backup,
    destination,
    rename_includes,
    write_if_changed,
)
from hipify_py.result_cache import ResultCache
from hipify_py.results import FileResult, FileStatus
from hipify_py.rules.base import local_resolver
from hipify_py.settings import Settings
from hipify_py.translate import DEFAULT_MAX_FILE_SIZE, read_source, translate_source

# Below this much work a pool costs more than it saves (fork + result pickling ~ 30 ms).
_SERIAL_BYTES = 256 * 1024


class OutputMode(enum.Enum):
    STDOUT = "stdout"  # translations to standard output (the CLI prints them)
    FILE = "file"  # one input, one -o file
    OUTPUT_DIR = "output-dir"  # mirror the tree
    IN_PLACE = "in-place"
    DIFF = "diff"  # the CLI prints a diff; nothing is written
    CHECK = "check"  # report only


@dataclass(frozen=True, slots=True)
class RunOptions:
    mode: OutputMode = OutputMode.CHECK
    output_file: str | None = None
    output_dir: str | None = None
    backup: bool = True
    changed_only: bool = False
    rename_extensions: bool = False
    sync_check: bool = False  # with OUTPUT_DIR: compare, write nothing
    jobs: int | None = None
    use_cache: bool = True
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    compile_db: str | None = None
    changed_since: str | None = None
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    progress: bool = False
    follow_local_headers: bool | None = None  # None: when the mode writes a tree

    @property
    def follows_headers(self) -> bool:
        if self.follow_local_headers is not None:
            return self.follow_local_headers
        return self.mode in (OutputMode.OUTPUT_DIR, OutputMode.IN_PLACE)


@dataclass(slots=True)
class RunOutcome:
    results: tuple[FileResult, ...]
    destinations: dict[str, str] = field(default_factory=dict)  # display path -> output path
    out_of_date: tuple[str, ...] = ()  # sync check: outputs missing or different
    written: int = 0
    cache_hits: int = 0


@dataclass(frozen=True, slots=True)
class _Job:
    path: str  # on disk
    display: str
    data: bytes
    extra_args: tuple[str, ...]
    include_dirs: tuple[str, ...]
    key: str | None


# Worker state: set in the parent before the pool forks (inherited for free) or passed to the
# initializer where processes are spawned.
_STATE: tuple[MappingTable, Settings] | None = None


def _init_worker(state: tuple[MappingTable, Settings] | None) -> None:
    global _STATE
    if state is not None:
        _STATE = state


def _translate_job(job: _Job) -> FileResult:
    assert _STATE is not None
    table, settings = _STATE
    try:
        return translate_source(
            job.data, job.display, table, settings,
            resolve_local=local_resolver(job.path, (*settings.include_dirs, *job.include_dirs)),
            extra_args=job.extra_args,
        )
    except Exception as exc:  # a bug must cost one file, not the run
        message = f"internal error while translating: {type(exc).__name__}: {exc}"
        return FileResult(job.display, FileStatus.FAILED, None,
                          (Diagnostic("HPY900", CATALOGUE["HPY900"].severity, job.display, 1, 1,
                                      message),))


def run(
    paths: Sequence[str], options: RunOptions, settings: Settings, table: MappingTable
) -> RunOutcome:
    """Translate everything `paths` names under `options`; never raises for bad files."""
    if list(paths) == ["-"]:
        data = sys.stdin.buffer.read()
        return RunOutcome((translate_source(data, "<stdin>", table, settings),))
    fenced = [options.output_dir] if options.output_dir else []
    found: Discovery = discover(paths, include=options.include, exclude=options.exclude,
                                excluded_dirs=fenced)
    sources = list(found.sources)
    if options.changed_since:
        wanted = changed_since(options.changed_since, list(paths))
        sources = [s for s in sources if os.path.realpath(s.path) in wanted]
    database = load_compile_commands(options.compile_db) if options.compile_db else {}
    engine = _Engine(table, settings, options, database)
    results = dict(engine.translate(sources))
    if options.follows_headers:
        _follow_local_headers(engine, sources, results)
    ordered = sorted([*results.values(), *found.problems], key=lambda r: r.path)
    by_display = {s.path: s for s in engine.sources}
    outcome = RunOutcome(tuple(ordered), cache_hits=engine.cache_hits)
    _deliver(outcome, by_display, options, settings)
    return outcome


class _Engine:
    """Reads, caches and translates sources; remembers every source it was given."""

    def __init__(self, table: MappingTable, settings: Settings, options: RunOptions,
                 database: dict[str, tuple[str, ...]]) -> None:
        self.table, self.settings, self.options, self.database = table, settings, options, database
        self.cache = (ResultCache(f"{settings.fingerprint()}\0{table.digest}")
                      if options.use_cache else None)
        self.sources: list[Source] = []
        self.cache_hits = 0

    def translate(self, sources: Sequence[Source]) -> Iterator[tuple[str, FileResult]]:
        self.sources.extend(sources)
        jobs: list[_Job] = []
        for source in sources:
            data = read_source(source.path, max_file_size=self.options.max_file_size)
            if isinstance(data, FileResult):
                yield source.path, data
                continue
            extra = flags_for(self.database, source.path)
            key = self.cache.key(data, source.path, extra) if self.cache else None
            hit = self.cache.get(key) if self.cache and key else None
            if hit is not None:
                self.cache_hits += 1
                yield source.path, hit
                continue
            jobs.append(_Job(source.path, source.path, data, extra, include_dirs_of(extra), key))
        for job, result in zip(jobs, self._run_jobs(jobs), strict=True):
            if self.cache is not None and job.key and result.status is not FileStatus.FAILED:
                self.cache.put(job.key, result)
            yield job.display, result

    def _run_jobs(self, jobs: list[_Job]) -> list[FileResult]:
        global _STATE
        _STATE = (self.table, self.settings)
        workers = min(self.options.jobs or os.cpu_count() or 1, len(jobs))
        if workers <= 1 or sum(len(j.data) for j in jobs) < _SERIAL_BYTES:
            return list(_with_progress(map(_translate_job, jobs), len(jobs), self.options.progress))
        # Biggest first so no worker is left with one huge file at the end.
        order = sorted(range(len(jobs)), key=lambda k: -len(jobs[k].data))
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        state = None if context.get_start_method() == "fork" else _STATE
        out: list[FileResult | None] = [None] * len(jobs)
        with context.Pool(workers, initializer=_init_worker, initargs=(state,)) as pool:
            stream = pool.imap_unordered(_indexed, ((k, jobs[k]) for k in order), chunksize=2)
            for k, result in _with_progress(stream, len(jobs), self.options.progress):
                out[k] = result
        return [r for r in out if r is not None]


def _indexed(item: tuple[int, _Job]) -> tuple[int, FileResult]:
    return item[0], _translate_job(item[1])


def _with_progress(items: Iterable[Any], total: int, show: bool) -> Iterator[Any]:
    if not show or total < 2:
        yield from items
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True) as progress:
        task = progress.add_task("translating", total=total)
        for item in items:
            progress.advance(task)
            yield item


def _follow_local_headers(engine: _Engine, sources: list[Source],
                          results: dict[str, FileResult]) -> None:
    """Translate the headers that translated files include with "...", when they live under
    the same root (so they have a place in the output tree)."""
    seen = {os.path.realpath(s.path) for s in sources}
    frontier = list(zip(sources, (results.get(s.path) for s in sources), strict=True))
    while frontier:
        found: list[Source] = []
        for source, result in frontier:
            if result is None:
                continue
            root = os.path.abspath(source.root)
            for header in result.local_includes:
                real = os.path.realpath(header)
                if real in seen or not (header.startswith(root + os.sep)):
                    continue
                seen.add(real)
                display = os.path.join(source.root, os.path.relpath(header, root))
                if not os.path.isabs(source.root):
                    display = os.path.normpath(display)
                found.append(Source(display, source.root))
        translated = dict(engine.translate(found))
        results.update(translated)
        frontier = [(s, translated.get(s.path)) for s in found]


def _deliver(outcome: RunOutcome, sources: dict[str, Source], options: RunOptions,
             settings: Settings) -> None:
    """Write (or compare) outputs; a write failure becomes a diagnostic on that file."""
    mode = options.mode
    if mode in (OutputMode.STDOUT, OutputMode.DIFF, OutputMode.CHECK):
        return
    renamed_files = _renamed_sources(outcome.results, options)
    delivered: list[FileResult] = []
    stale: list[str] = []
    for result in outcome.results:
        try:
            target = _deliver_one(result, sources.get(result.path), options, settings,
                                  renamed_files, outcome, stale)
        except WriteError as exc:
            diag = Diagnostic(exc.code, CATALOGUE[exc.code].severity, result.path, 1, 1,
                              f"{exc.path}: {exc}")
            result = replace(result, status=FileStatus.FAILED,
                             diagnostics=(*result.diagnostics, diag))
            target = None
        if target is not None:
            outcome.destinations[result.path] = target
        delivered.append(result)
    outcome.results = tuple(delivered)
    outcome.out_of_date = tuple(stale)


def _renamed_sources(results: Iterable[FileResult], options: RunOptions) -> dict[str, str]:
    if not options.rename_extensions:
        return {}
    return {os.path.realpath(r.path): r.path for r in results
            if r.path.endswith(tuple(RENAMED_EXTENSIONS)) and r.output is not None}


def _deliver_one(result: FileResult, source: Source | None, options: RunOptions,
                 settings: Settings, renamed_files: dict[str, str], outcome: RunOutcome,
                 stale: list[str]) -> str | None:
    if result.output is None or result.status in (FileStatus.SKIPPED, FileStatus.FAILED):
        return None
    output = result.output
    if renamed_files:
        output = rename_includes(output, local_resolver(result.path, settings.include_dirs),
                                 renamed_files)
    if options.mode is OutputMode.FILE:
        assert options.output_file is not None
        if write_if_changed(options.output_file, output, mode_from=result.path):
            outcome.written += 1
        return options.output_file
    if options.mode is OutputMode.IN_PLACE:
        if output == result.output and not result.changed:
            return result.path
        if options.backup:
            try:
                backup(result.path)
            except OSError as exc:
                raise WriteError(result.path + ".orig", f"cannot write the backup: {exc}") from None
        if write_if_changed(result.path, output, mode_from=result.path):
            outcome.written += 1
        return result.path
    assert options.output_dir is not None
    root = source.root if source is not None else os.path.dirname(result.path)
    target = destination(result.path, root, options.output_dir, options.rename_extensions)
    if options.changed_only and output == _read(result.path):
        return None
    if options.sync_check:
        if _read(target) != output:
            stale.append(target)
        return target
    if write_if_changed(target, output, mode_from=result.path):
        outcome.written += 1
    return target


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None

