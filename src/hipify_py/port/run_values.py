"""What a run is asked to do and what it gives back, as plain values: the runner takes and
returns them, the run record stores and serves them, the CLI and the API build and read them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from hipify_py.port.discovery import DEFAULT_MAX_FILE_SIZE
from hipify_py.results import FileResult


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
    shim: bool = False  # each source's result also says what a shim must provide (FileResult.shim)

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
    copied: int = 0  # --output-dir: other files of the tree copied (or linked) as they are
    # Names `results` exactly (the run record's key, and what the mirror added): reports of
    # equal results are rendered once (run_record.recorded_reports). None: not recorded.
    results_key: str | None = None
