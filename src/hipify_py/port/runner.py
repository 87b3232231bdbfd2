"""A whole run: discover files, translate them (cache, process pool), follow local headers,
deliver the outputs. Returns plain values; the CLI turns them into reports and exit codes.

Translation happens in workers; reading, hashing, the cache and every write happen here in the
parent, so there is one writer and a worker crash cannot leave half-written outputs.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from hipify_py.files import WriteError, read_existing, write_if_changed
from hipify_py.port import run_record
from hipify_py.port.build_info import changed_since, flags_for, load_compile_commands
from hipify_py.port.discovery import Discovery, Source, discover, read_source
from hipify_py.port.local_headers import (
    HeaderIndex,
    gpu_headers_of_host_sources,
    host_only_includers,
    local_resolver,
)
from hipify_py.port.mirror import mirror_tree
from hipify_py.port.outputs import RENAMED_EXTENSIONS, backup, destination, rename_includes
from hipify_py.port.result_cache import Dependencies, ResultCache, dependencies
from hipify_py.port.run_values import OutputMode, RunOptions, RunOutcome
from hipify_py.reporting.diagnostics import CATALOGUE, Diagnostic
from hipify_py.results import FileResult, FileStatus
from hipify_py.settings import Settings, include_dirs_of
from hipify_py.tables.mapping_model import MappingTable
from hipify_py.tables.supplied import HEADER_NAME as SUPPLIED_HEADER
from hipify_py.tables.supplied import render_header as render_supplied

# Below this much work a pool costs more than it saves (fork + result pickling ~ 30 ms).
_SERIAL_BYTES = 256 * 1024


class _Job(NamedTuple):
    """One file for a worker to translate."""

    path: str  # on disk
    display: str
    data: bytes
    extra_args: tuple[str, ...]
    include_dirs: tuple[str, ...]
    key: str | None
    host_includer: str | None = None
    gpu_header: str | None = None


# Worker state: set in the parent before the pool forks (inherited for free) or passed to the
# initializer where processes are spawned.
_State = tuple[MappingTable, Settings, ResultCache | None, HeaderIndex, bool]  # bool: shim
_STATE: _State | None = None


def _init_worker(state: _State | None) -> None:
    global _STATE
    # Ctrl-C is the parent's to handle (it stops the pool); a worker that also caught it
    # would print its own traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if state is not None:
        _STATE = state


def _translate_job(job: _Job) -> tuple[FileResult, Dependencies | None]:
    """The result, and (with a cache) the files it depends on (result_cache.dependencies)."""
    # Imported here: a warm run, all cache hits, needs neither libclang nor the rules.
    from hipify_py.port.dispatch import port_source

    assert _STATE is not None
    table, settings, cache, index, shim = _STATE
    include_dirs = (*settings.include_dirs, *job.include_dirs)
    try:
        result = port_source(
            job.data, job.display, table, settings,
            resolve_local=local_resolver(job.path, include_dirs, index, table.is_cuda_header),
            extra_args=job.extra_args,
            host_includer=job.host_includer,
            gpu_header=job.gpu_header,
            shim=shim,
        )
        # Stored by the worker: creating files is slow on some file systems, so the cache's
        # writes (and the reading of headers they check) are spread over the workers instead
        # of queueing in the parent.
        depends = None
        if cache is not None and job.key and result.status is not FileStatus.FAILED:
            depends = dependencies(job.path, job.data,
                                   (*settings.extra_clang_args, *job.extra_args),
                                   _searched(settings, job.include_dirs))
            cache.put(job.key, result, depends)
        return result, depends
    except Exception as exc:  # a bug must cost one file, not the run
        message = f"internal error while translating: {type(exc).__name__}: {exc}"
        return FileResult(job.display, FileStatus.FAILED, None,
                          (Diagnostic("HPY900", CATALOGUE["HPY900"].severity, job.display, 1, 1,
                                      message),)), None


def _searched(settings: Settings, include_dirs: tuple[str, ...]) -> tuple[str, ...]:
    """Every folder an #include of a file may be found in, by clang or by local_headers.py."""
    cuda = (os.path.join(settings.cuda_path, "include"),) if settings.cuda_path else ()
    return (*cuda, *settings.include_dirs, *include_dirs_of(settings.extra_clang_args),
            *include_dirs)


def run(
    paths: Sequence[str], options: RunOptions, settings: Settings, table: MappingTable
) -> RunOutcome:
    """Translate everything `paths` names under `options`; never raises for bad files."""
    if list(paths) == ["-"]:
        from hipify_py.port.dispatch import port_source

        data = sys.stdin.buffer.read()
        return RunOutcome((port_source(data, "<stdin>", table, settings, shim=options.shim),))
    fenced = [options.output_dir] if options.output_dir else []
    found: Discovery = discover(paths, include=options.include, exclude=options.exclude,
                                excluded_dirs=fenced)
    sources = list(found.sources)
    outside: list[FileResult] = []
    if options.mode is OutputMode.IN_PLACE:
        sources, outside = _inside_named_paths(sources, paths)
    collisions: list[FileResult] = []
    if options.mode is OutputMode.OUTPUT_DIR:
        sources, collisions = _without_collisions(sources, options)
    if options.changed_since:
        wanted = changed_since(options.changed_since, list(paths))
        sources = [s for s in sources if os.path.realpath(s.path) in wanted]
    key = run_record.record_key(paths, options, settings, table, found)
    served = run_record.load(key) if key is not None else None
    if served is not None:
        served.results_key = key
        return _mirrored(served, paths, options, [*served.destinations], [],
                         list(served.out_of_date))
    database = load_compile_commands(options.compile_db) if options.compile_db else {}
    outcome = RunOutcome(())
    # Every file found under the inputs, so `#include <helper.h>` finds the project's helper.
    index = HeaderIndex(s.path for s in found.sources)
    gpu_headers = gpu_headers_of_host_sources([os.path.abspath(s.path) for s in found.sources],
                                              index, table.is_cuda_header, read_existing)
    host_includers = host_only_includers((os.path.abspath(s.path) for s in found.sources), index,
                                         table.is_cuda_header, read_existing)
    delivery = _Delivery(outcome, options, settings, sources, index, table)
    engine = _Engine(table, settings, options, database, delivery, index, host_includers,
                     gpu_headers)
    results = dict(engine.translate(sources))
    if options.follows_headers:
        _follow_local_headers(engine, sources, results)
    parsing = sys.modules.get("hipify_py.engine.parsing")
    if parsing is not None:  # files were parsed here (not only in workers): nothing more will be
        parsing.release_parser()  # the reports that follow get that memory
    delivery.write_supplied(table)
    outcome.results = tuple(sorted([*results.values(), *found.problems, *collisions, *outside],
                                   key=lambda r: r.path))
    outcome.cache_hits = engine.cache_hits
    outcome.out_of_date = tuple(sorted(delivery.stale))
    if (key is not None and engine.dependencies is not None
            and not any(r.status is FileStatus.FAILED for r in outcome.results)):
        run_record.save(key, outcome, engine.dependencies)
        outcome.results_key = key
    translated = [s.path for s in engine.sources if s.path in outcome.destinations]
    return _mirrored(outcome, paths, options, translated, [c.path for c in collisions],
                     delivery.stale)


def _mirrored(outcome: RunOutcome, paths: Sequence[str], options: RunOptions,
              translated: list[str], collided: list[str], stale: list[str]) -> RunOutcome:
    """With --output-dir, copy the rest of the tree (what no translation covers) beside the
    translations, and add what that found to the outcome."""
    if options.mode is not OutputMode.OUTPUT_DIR or options.changed_only:
        return outcome
    assert options.output_dir is not None
    copies = mirror_tree([p for p in paths if os.path.isdir(p)], options.output_dir,
                         translated=[*translated, *collided], written=outcome.destinations,
                         exclude=options.exclude, sync_check=options.sync_check)
    outcome.copied = copies.copied + copies.linked
    outcome.results = tuple(sorted([*outcome.results, *copies.problems], key=lambda r: r.path))
    if copies.problems and outcome.results_key is not None:
        outcome.results_key = run_record.with_problems(outcome.results_key, copies.problems)
    outcome.out_of_date = tuple(sorted([*stale, *copies.stale]))
    return outcome


def _inside_named_paths(sources: list[Source],
                        paths: Sequence[str]) -> tuple[list[Source], list[FileResult]]:
    """--in-place rewrites what the user named: a file reached through a symbolic link to a
    place outside the named folders is reported and left alone."""
    folders = [os.path.realpath(p) + os.sep for p in paths if os.path.isdir(p)]
    kept, refused = [], []
    for source in sources:
        real = os.path.realpath(source.path)
        if source.explicit or any(real.startswith(f) for f in folders):
            kept.append(source)
            continue
        refused.append(FileResult(source.path, FileStatus.SKIPPED, None, (Diagnostic(
            "HPY906", CATALOGUE["HPY906"].severity, source.path, 1, 1,
            f"reached through a symbolic link to {real}, outside the folders named: not "
            "rewritten in place"),)))
    return kept, refused


def _without_collisions(sources: list[Source],
                        options: RunOptions) -> tuple[list[Source], list[FileResult]]:
    """Sources whose outputs would land on the same path (A/k.cu and B/k.cu into one folder,
    a.cuh beside a.hip.h with --rename-extensions) are not translated: each is reported."""
    assert options.output_dir is not None
    by_target: dict[str, list[Source]] = {}
    for source in sources:
        target = destination(source.path, source.root, options.output_dir,
                             options.rename_extensions, checked=False)
        by_target.setdefault(os.path.normpath(target), []).append(source)
    clashing = {id(s): group for group in by_target.values() if len(group) > 1 for s in group}
    problems = []
    for source in sources:
        group = clashing.get(id(source))
        if group is None:
            continue
        others = ", ".join(o.path for o in group if o.path != source.path)
        problems.append(FileResult(source.path, FileStatus.FAILED, None, (Diagnostic(
            "HPY914", CATALOGUE["HPY914"].severity, source.path, 1, 1,
            f"its output would be the same file as that of {others}: neither is written"),)))
    failed = {p.path for p in problems}
    return [s for s in sources if s.path not in failed], problems


class _Engine:
    """Reads, caches and translates sources; remembers every source it was given."""

    def __init__(self, table: MappingTable, settings: Settings, options: RunOptions,
                 database: dict[str, tuple[str, ...]], delivery: _Delivery,
                 index: HeaderIndex, host_includers: dict[str, str],
                 gpu_headers: dict[str, str] | None = None) -> None:
        self.table, self.settings, self.options, self.database = table, settings, options, database
        self.index, self.host_includers = index, host_includers
        self.gpu_headers = gpu_headers or {}
        self.delivery = delivery
        self.cache = (ResultCache(f"{settings.fingerprint()}\0{table.digest}\0{index.digest}"
                                  f"\0shim:{options.shim}") if options.use_cache else None)
        self.sources: list[Source] = []
        self.cache_hits = 0
        # Every file the results depend on (None: one result's could not all be listed), for
        # the run record to watch.
        self.dependencies: set[str] | None = set()

    def translate(self, sources: Sequence[Source]) -> Iterator[tuple[str, FileResult]]:
        """(display path, delivered result) for each source, in completion order."""
        self.sources.extend(sources)
        self.delivery.sources.update((s.path, s) for s in sources)
        jobs: list[_Job] = []
        for source in sources:
            data = read_source(source.path, max_file_size=self.options.max_file_size)
            if isinstance(data, FileResult):
                yield source.path, data
                continue
            extra = flags_for(self.database, source.path)
            includer = self.host_includers.get(os.path.abspath(source.path))
            gpu_header = self.gpu_headers.get(os.path.abspath(source.path))
            key = (self.cache.key(data, source.path, (*extra, f"host-includer:{includer}",
                                                      f"gpu-header:{gpu_header}"))
                   if self.cache else None)
            hit = self.cache.get(key) if self.cache and key else None
            if hit is not None:
                self.cache_hits += 1
                self._depends(hit[1])
                yield source.path, self.delivery.deliver(hit[0])
                continue
            jobs.append(_Job(source.path, source.path, data, extra, include_dirs_of(extra), key,
                             includer, gpu_header))
        # Outputs are written here, in the parent, while the workers go on translating.
        for result, depends in self._run_jobs(jobs):
            self._depends(depends)
            yield result.path, self.delivery.deliver(result)

    def _depends(self, depends: Dependencies | None) -> None:
        if self.dependencies is not None:
            if depends is None:
                self.dependencies = None
            else:
                self.dependencies.update(path for path, _ in depends)

    def _run_jobs(self, jobs: list[_Job]) -> Iterator[tuple[FileResult, Dependencies | None]]:
        global _STATE
        _STATE = (self.table, self.settings, self.cache, self.index, self.options.shim)
        if not jobs:
            return
        import hipify_py.port.dispatch  # noqa: F401  (once, before the workers fork)

        cores = os.cpu_count() or 1
        workers = min(self.options.jobs or cores, cores, len(jobs))  # more would only thrash
        if workers <= 1 or sum(len(j.data) for j in jobs) < _SERIAL_BYTES:
            yield from _with_progress(map(_translate_job, jobs), len(jobs), self.options.progress)
            return
        # Biggest first so no worker is left with one huge file at the end.
        order = sorted(jobs, key=lambda j: -len(j.data))
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        state = None if context.get_start_method() == "fork" else _STATE
        with context.Pool(workers, initializer=_init_worker, initargs=(state,)) as pool:
            stream = pool.imap_unordered(_translate_job, order, chunksize=2)
            yield from _with_progress(stream, len(jobs), self.options.progress)


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
    seen = {os.path.abspath(s.path) for s in sources}
    if engine.options.mode is OutputMode.IN_PLACE:
        # In place, only what was named is rewritten: a file named alone brings no headers.
        sources = [s for s in sources if not s.explicit]
    frontier = list(zip(sources, (results.get(s.path) for s in sources), strict=True))
    while frontier:
        found: list[Source] = []
        for source, result in frontier:
            if result is None:
                continue
            root = os.path.abspath(source.root)
            for header in result.local_includes:
                if header in seen or not header.startswith(root + os.sep):
                    continue
                seen.add(header)
                display = os.path.join(source.root, os.path.relpath(header, root))
                if not os.path.isabs(source.root):
                    display = os.path.normpath(display)
                found.append(Source(display, source.root))
        translated = dict(engine.translate(found))
        results.update(translated)
        frontier = [(s, translated.get(s.path)) for s in found]


class _Delivery:
    """Writes (or compares) each result's output as it arrives; a write failure becomes a
    diagnostic on that file."""

    def __init__(self, outcome: RunOutcome, options: RunOptions, settings: Settings,
                 sources: Sequence[Source], index: HeaderIndex, table: MappingTable) -> None:
        self.outcome, self.options, self.settings = outcome, options, settings
        self.index, self.table = index, table
        self.sources: dict[str, Source] = {s.path: s for s in sources}
        self.stale: list[str] = []
        # folder -> the names its hipify_supplied.h must supply (written by write_supplied)
        self.supplied: dict[str, set[str]] = {}
        # --rename-extensions: which files get new names (known from the sources up front, so
        # includes can be rewritten before every result is in).
        self.renamed: dict[str, str] = (
            {os.path.realpath(s.path): s.path for s in sources
             if s.path.endswith(tuple(RENAMED_EXTENSIONS))}
            if options.rename_extensions else {}
        )

    def deliver(self, result: FileResult) -> FileResult:
        if self.options.mode in (OutputMode.STDOUT, OutputMode.DIFF, OutputMode.CHECK):
            return result
        if self.options.rename_extensions:
            # Headers this file includes are translated (and renamed) after it: rename their
            # includes now, as _follow_local_headers will take exactly those under the root.
            source = self.sources.get(result.path)
            root = os.path.abspath(source.root) + os.sep if source is not None else None
            for header in result.local_includes:
                if (header.endswith(tuple(RENAMED_EXTENSIONS)) and self.options.follows_headers
                        and root is not None and header.startswith(root)):
                    self.renamed.setdefault(os.path.realpath(header), header)
        try:
            target = self._deliver_one(result)
        except WriteError as exc:
            diag = Diagnostic(exc.code, CATALOGUE[exc.code].severity, result.path, 1, 1,
                              f"{exc.path}: {exc}")
            return replace(result, status=FileStatus.FAILED, diagnostics=(*result.diagnostics, diag))
        if target is not None:
            self.outcome.destinations[result.path] = target
        return result

    def _supplied_folder(self, result: FileResult) -> str:
        """Where the hipify_supplied.h this result includes goes: the root of the output."""
        options = self.options
        if options.mode is OutputMode.FILE:
            assert options.output_file is not None
            return os.path.dirname(os.path.abspath(options.output_file))
        if options.mode is OutputMode.OUTPUT_DIR:
            assert options.output_dir is not None
            return os.path.abspath(options.output_dir)
        # In place: the root of a folder named, or beside a file named alone (never above
        # what the user named).
        source = self.sources.get(result.path)
        if source is None or source.explicit:
            return os.path.dirname(os.path.abspath(result.path))
        return os.path.abspath(source.root)

    def _supplied_from(self, result: FileResult, output: bytes, target: str) -> bytes:
        """Record what this result needs supplied, and spell its include of the header as the
        path from its own output (`target`) to the one header of the run."""
        folder = self._supplied_folder(result)
        self.supplied.setdefault(folder, set()).update(result.supplied)
        spelled = os.path.relpath(os.path.join(folder, SUPPLIED_HEADER),
                                  os.path.dirname(os.path.abspath(target))).replace(os.sep, "/")
        plain = f'#include "{SUPPLIED_HEADER}"'.encode()
        return output.replace(plain, f'#include "{spelled}"'.encode(), 1)

    def _target(self, result: FileResult) -> str:
        """Where a written mode puts this result (-o, in place, or its place in the mirror;
        raises WriteError for a place outside the output folder)."""
        options = self.options
        if options.mode is OutputMode.FILE:
            assert options.output_file is not None
            return options.output_file
        if options.mode is OutputMode.IN_PLACE:
            return result.path
        assert options.output_dir is not None
        source = self.sources.get(result.path)
        root = source.root if source is not None else os.path.dirname(result.path)
        return destination(result.path, root, options.output_dir, options.rename_extensions)

    def write_supplied(self, table: MappingTable) -> None:
        """Each output root's hipify_supplied.h, holding what the files under it use."""
        for folder, names in sorted(self.supplied.items()):
            header = os.path.join(folder, SUPPLIED_HEADER)
            data = render_supplied(names, table.supplied)
            if self.options.sync_check:
                if read_existing(header) != data:
                    self.stale.append(header)
                continue
            if write_if_changed(header, data):
                self.outcome.written += 1

    def _deliver_one(self, result: FileResult) -> str | None:
        options = self.options
        if result.output is None or result.status in (FileStatus.SKIPPED, FileStatus.FAILED):
            return None
        output = result.output
        if self.renamed:
            resolve = local_resolver(result.path, self.settings.include_dirs, self.index,
                                     self.table.is_cuda_header)
            output = rename_includes(output, resolve, self.renamed)
        target = self._target(result)
        if result.supplied:
            output = self._supplied_from(result, output, target)
        if options.mode is OutputMode.FILE:
            if write_if_changed(target, output, mode_from=result.path):
                self.outcome.written += 1
            return target
        if options.mode is OutputMode.IN_PLACE:
            if output == result.output and not result.changed:
                return result.path
            if options.backup:
                try:
                    backup(result.path)
                except OSError as exc:
                    raise WriteError(result.path + ".orig", f"cannot write the backup: {exc}") from None
            if write_if_changed(result.path, output, mode_from=result.path):
                self.outcome.written += 1
            return result.path
        if options.changed_only and output == read_existing(result.path):
            return None
        if options.sync_check:
            if read_existing(target) != output:
                self.stale.append(target)
            return target
        if write_if_changed(target, output, mode_from=result.path):
            self.outcome.written += 1
        return target



