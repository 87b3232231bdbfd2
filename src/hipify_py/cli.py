"""The command line: options -> Settings and RunOptions -> run -> report -> exit code. No logic.

Exit codes (documented in the README): 0 success; 1 findings at or above --fail-on, a skipped or
failed file, or (translate --check) outputs out of date; 2 usage error; 3 internal error.
"""

import contextlib
import gc
import os
import sys
from pathlib import Path
from typing import Annotated, Any

# The cyclic collector ran 44 times while one file was translated (the imports and the table
# make many objects that all live to the end): 6 ms of a 0.15 s run. Set before the imports.
_USUAL_GC_THRESHOLDS = gc.get_threshold()
gc.set_threshold(50_000, 20, 10)  # until the run starts (_run)

import typer  # noqa: E402

from hipify_py import __version__  # noqa: E402
from hipify_py.errors import UsageError  # noqa: E402

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def _new_app() -> typer.Typer:
    return typer.Typer(
        name="hipify-py",
        help="Port CUDA source trees to HIP, and report precisely what could not be ported.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )


app = _new_app()

# --- options shared by translate and check --------------------------------------------------
Paths = Annotated[list[str], typer.Argument(help="Files or directories to process.")]
Roc = Annotated[bool, typer.Option("--roc", help="Use rocBLAS/rocSPARSE/rocRAND/rocSOLVER names where they exist.")]
HipDnn = Annotated[bool, typer.Option("--hipdnn", help="Translate cuDNN to the obsolete hipDNN names (hipify-clang's default) instead of MIOpen.")]
MiOpen = Annotated[bool, typer.Option("--miopen", help="Translate cuDNN to MIOpen (the default; accepted for hipify-clang users).")]
Experimental = Annotated[bool, typer.Option("--experimental", help="Use HIP APIs marked experimental.")]
Amap = Annotated[bool, typer.Option("--amap", help="Hipify as much as possible: apply experimental and version-gated mappings anyway (still reported), and rename CUDA names in #if branches --skip-excluded-preprocessor-conditional-blocks skips (as hipify-clang).")]
CudaVersion = Annotated[str | None, typer.Option("--cuda-version", metavar="X.Y", help="The CUDA release the code is read as (default 13.0): CUDA_VERSION/CUDART_VERSION comparisons take its branch, and it picks the form of a call CUDA 13 changed where the call's arguments do not show it.")]
HipVersion = Annotated[str | None, typer.Option("--hip-version", metavar="X.Y|auto|latest", help="Never emit a HIP name newer than this HIP version; 'auto' (the default when hipconfig is on the PATH) asks hipconfig; 'latest': the newest HIP.")]
OffloadArch = Annotated[str | None, typer.Option("--offload-arch", metavar="GFX,...", help="Build files: the AMD GPU targets nvcc's -arch/-gencode become (default gfx90a,gfx942).")]
NoBuildFiles = Annotated[bool, typer.Option("--no-build-files", help="Leave Makefiles and CMake files as they are (they are copied, not ported).")]
CMakeStyle = Annotated[str, typer.Option("--cmake-style", metavar="cxx|hip", help="CMake files: cxx (default) compiles CUDA sources as C++ with hipcc and hip::device, which builds with any ROCm; hip uses CMake's HIP language (CMake >= 3.21, ROCm's install layout).")]
KeepLaunch = Annotated[bool, typer.Option("--keep-launch-syntax", "--cuda-kernel-execution-syntax", help="Leave k<<<...>>>(...) as it is (hip-clang accepts it).")]
HipLaunch = Annotated[bool, typer.Option("--hip-kernel-execution-syntax", help="Rewrite launches to hipLaunchKernelGGL (the default).")]
SkipExcluded = Annotated[bool, typer.Option("--skip-excluded-preprocessor-conditional-blocks", "--default-preprocessor", help="Do not translate code in #if branches the preprocessor excludes.")]
FlatHeaders = Annotated[bool, typer.Option("--flat-library-headers", help="Write library headers as hipify-clang does (hipblas.h, not hipblas/hipblas.h): for include paths set up for its output.")]
HipDataTypes = Annotated[bool, typer.Option("--use-hip-data-types", help="Accepted for hipify-clang compatibility; library data types already map to HIP's.")]
IncludeDirs = Annotated[list[str] | None, typer.Option("-I", "--include-dir", help="Include directory for parsing and for finding local headers.")]
Defines = Annotated[list[str] | None, typer.Option("-D", "--define", help="Preprocessor definition NAME[=VALUE] for parsing.")]
CudaPath = Annotated[str | None, typer.Option("--cuda-path", help="A CUDA toolkit to parse against (optional; none is needed).")]
CompileDb = Annotated[str | None, typer.Option("-p", "--compile-commands", metavar="DIR", help="Directory holding compile_commands.json.")]
MappingFiles = Annotated[list[str] | None, typer.Option("--mappings", help="Extra mapping YAML file (repeatable); overrides built-in entries.")]
ClangDiags = Annotated[bool, typer.Option("--show-clang-diagnostics", help="Also report clang's own parse diagnostics (HPY910).")]
MaxSize = Annotated[int, typer.Option("--max-file-size", metavar="BYTES", min=1, help="Skip (and report) files larger than this.")]
Include = Annotated[list[str] | None, typer.Option("--include", help="Only files matching this gitignore-style glob (repeatable).")]
Exclude = Annotated[list[str] | None, typer.Option("--exclude", help="Skip files matching this gitignore-style glob (repeatable).")]
Jobs = Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: all cores; never more than the cores).")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Do not read or write the result cache.")]
ChangedSince = Annotated[str | None, typer.Option("--changed-since", metavar="REV", help="Only files changed since this git revision.")]
Format = Annotated[str | None, typer.Option("--format", "-f", help="Diagnostics format: text, json or sarif.")]
ReportFiles = Annotated[list[str] | None, typer.Option("--report", help="Also write a report: .html, .md, .json or .sarif (repeatable).")]
DiagOutput = Annotated[str | None, typer.Option("--diagnostics-output", metavar="FILE", help="Write the --format output to FILE instead of the terminal.")]
FailOn = Annotated[str | None, typer.Option("--fail-on", metavar="LEVEL", help="error, warning, note or none.")]
Baseline = Annotated[str | None, typer.Option("--baseline", metavar="FILE", help="Accept the findings recorded in FILE.")]
UpdateBaseline = Annotated[bool, typer.Option("--update-baseline", help="Write the current findings to the --baseline file.")]
Ignore = Annotated[list[str] | None, typer.Option("--ignore", metavar="CODE", help="Do not report this code (repeatable).")]
Verbose = Annotated[bool, typer.Option("--verbose", "-v", help="Show notes and suggestions.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="Only the summary.")]
NoConfig = Annotated[bool, typer.Option("--no-config", help="Ignore [tool.hipify-py] in pyproject.toml.")]
VerifyCompile = Annotated[bool, typer.Option("--verify-compile", help="Compile each translated file with hipcc and report its errors.")]
HipccFlags = Annotated[str | None, typer.Option("--hipcc-flags", help="Extra hipcc flags for --verify-compile.")]




def _fail_usage(message: str) -> None:
    typer.echo(f"hipify-py: error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def _hip_version(text: str | None) -> tuple[Any, str]:
    """(target HIP version or None for the newest, where it came from). Without --hip-version
    the installed HIP is the target when hipconfig is on the PATH: output that compiles there."""
    from hipify_py.settings import Version

    if text in ("latest", "newest"):
        return None, "--hip-version latest"
    if text is None or text == "auto":
        from hipify_py.verify.toolchain import detect_hip_version

        found = detect_hip_version()
        if found is not None:
            return found, "installed, from hipconfig"
        if text == "auto":
            raise UsageError("--hip-version auto: hipconfig was not found or gave no version")
        return None, "no hipconfig on the PATH"
    try:
        return Version.parse(text), "--hip-version"
    except ValueError as exc:
        raise UsageError(f"--hip-version: {exc}") from None


def _build(
    *, paths: list[str], roc: bool, hipdnn: bool, miopen: bool, experimental: bool, amap: bool,
    hip_version: str | None, cuda_version: str | None, keep_launch: bool, hip_launch: bool, skip_excluded: bool,
    flat_headers: bool,
    offload_arch: str | None, no_build_files: bool, cmake_style: str,
    include_dirs: list[str] | None, defines: list[str] | None, cuda_path: str | None,
    mappings: list[str] | None, clang_diags: bool, ignore: list[str] | None,
    fail_on: str | None, fmt: str | None, no_config: bool,
) -> tuple[Any, Any, Any, str, Any]:
    """Options + [tool.hipify-py] -> (Settings, MappingTable, fail_on Severity|None, format,
    ProjectConfig|None)."""
    from hipify_py.config import ConfigError, load_project_config
    from hipify_py.reporting.diagnostics import CATALOGUE, Severity
    from hipify_py.settings import DEFAULT_CUDA_VERSION, Settings, Version
    from hipify_py.tables.mappings import MappingError, load_mapping_table

    if hipdnn and miopen:
        raise UsageError("--hipdnn and --miopen contradict each other")
    if miopen:
        typer.echo("hipify-py: note: --miopen is the default (cuDNN -> MIOpen); accepted for "
                   "hipify-clang compatibility", err=True)
    if keep_launch and hip_launch:
        # hipify-clang takes both (its own tests pass both) and rewrites: the explicit request
        # for HIP's syntax wins.
        keep_launch = False
    start = Path(paths[0]) if paths else Path.cwd()
    try:
        cfg = None if no_config else load_project_config(start if start.exists() else Path.cwd())
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    mapping_files = list(mappings or [])
    if cfg is not None and cfg.mappings and not mappings:
        mapping_files = [str(p) for p in cfg.mappings]
    ignored = set(ignore or [])
    if cfg is not None and cfg.ignore:
        ignored |= set(cfg.ignore)
    unknown = sorted(c for c in ignored if c not in CATALOGUE)
    if unknown:
        raise UsageError(f"--ignore: unknown code(s) {', '.join(unknown)}")
    version_text = hip_version or (cfg.hip_version if cfg is not None else None)
    target, origin = _hip_version(version_text)
    try:
        cuda = Version.parse(cuda_version or DEFAULT_CUDA_VERSION)
    except ValueError as exc:
        raise UsageError(f"--cuda-version: {exc}") from None
    if cmake_style not in ("cxx", "hip"):
        raise UsageError(f"--cmake-style: {cmake_style!r} is not cxx or hip")
    settings = Settings(
        roc=roc or bool(cfg is not None and cfg.roc),
        hipdnn=hipdnn,
        experimental=experimental or bool(cfg is not None and cfg.experimental),
        amap=amap,
        hip_version=target,
        hip_version_origin=origin,
        cuda_version=cuda,
        keep_launch_syntax=keep_launch,
        flat_library_headers=flat_headers,
        skip_excluded_blocks=skip_excluded,
        offload_arch=tuple(a for a in (offload_arch or "").replace(";", ",").split(",") if a),
        port_build_files=not no_build_files,
        cmake_style=cmake_style,
        include_dirs=tuple(os.path.abspath(d) for d in include_dirs or ()),
        defines=tuple(defines or ()),
        cuda_path=cuda_path,
        show_clang_diagnostics=clang_diags,
        mapping_files=tuple(os.path.abspath(m) for m in mapping_files),
        ignored_codes=frozenset(ignored),
    )
    try:
        table = load_mapping_table(settings.mapping_files)
    except MappingError as exc:
        raise UsageError(str(exc)) from None
    level_text = fail_on or (cfg.fail_on if cfg is not None and cfg.fail_on else None)
    level: Severity | None
    if level_text is None:
        level = Severity.ERROR
    elif level_text.lower() == "none":
        level = None
    else:
        try:
            level = Severity.parse(level_text)
        except ValueError as exc:
            raise UsageError(f"--fail-on: {exc}") from None
    out_format = (fmt or (cfg.format if cfg is not None and cfg.format else None) or "text").lower()
    if out_format not in ("text", "json", "sarif"):
        raise UsageError(f"--format: {out_format!r} is not one of text, json, sarif")
    return settings, table, level, out_format, cfg


def _color() -> bool:
    return sys.stdout.isatty() and os.environ.get("NO_COLOR") is None and not os.environ.get("CI")


def _finish(
    outcome: Any, settings: Any, *, fail_on: Any, fmt: str, diag_output: str | None,
    report_files: list[str] | None, baseline: str | None, update_baseline: bool,
    verbose: bool, quiet: bool, elapsed: float, extra_exit: int = EXIT_OK,
    compile_status: Any = None, to_stderr: bool = False,
) -> int:
    """Report: baseline, render, exit code."""
    from hipify_py.port import run_record
    from hipify_py.reporting.render import emit
    from hipify_py.reporting.report import Report

    results = list(outcome.results)
    if baseline:
        from hipify_py.reporting.baseline import load_baseline, write_baseline

        if update_baseline:
            write_baseline(baseline, results)
        try:
            results = list(load_baseline(baseline).filter(results))
        except (OSError, ValueError) as exc:
            raise UsageError(f"--baseline: {exc}") from None
    report = Report.from_results(
        results, tool_version=__version__, settings=settings, elapsed=elapsed,
        files_copied=getattr(outcome, "copied", 0),
    )
    # Reports of results an earlier run had (a re-run served whole) are reused, not rendered:
    # not when a baseline or a compile check changed the results after the run, and not read
    # when no report is asked for.
    results_key: str | None = getattr(outcome, "results_key", None)
    if baseline or compile_status is not None or not (report_files or fmt in ("json", "sarif")):
        results_key = None
    recorded = run_record.recorded_reports(results_key) if results_key else None
    known = len(recorded or ())
    if not quiet or fmt != "text":
        emit(
            report, fmt=fmt, output=diag_output, report_files=report_files or [],
            color=_color(), verbose=verbose, compile_status=compile_status,
            to_stderr=to_stderr, recorded=recorded,
        )
    elif report_files:
        emit(report, fmt="none", output=None, report_files=report_files, color=False,
             verbose=False, compile_status=compile_status, recorded=recorded)
    if results_key and recorded is not None and len(recorded) != known:
        run_record.record_reports(results_key, recorded)
    code: int = report.exit_code(fail_on)
    return max(code, extra_exit)


@app.command()
def translate(
    paths: Paths,
    output: Annotated[str | None, typer.Option("-o", "--output", help="Output file (one input only).")] = None,
    stdout: Annotated[bool, typer.Option("--stdout", help="Write the translation to standard output.")] = False,
    output_dir: Annotated[str | None, typer.Option("--output-dir", "-O", help="Mirror the input tree into this directory.")] = None,
    in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite files in place (keeps FILE.orig backups).")] = False,
    no_backup: Annotated[bool, typer.Option("--no-backup", help="With --in-place: keep no backup.")] = False,
    diff: Annotated[bool, typer.Option("--diff", help="Print a unified diff; write nothing.")] = False,
    check: Annotated[bool, typer.Option("--check", help="With --output-dir: write nothing; fail if the outputs are missing or out of date.")] = False,
    changed_only: Annotated[bool, typer.Option("--changed-only", help="With --output-dir: do not copy files that need no change.")] = False,
    rename_extensions: Annotated[bool, typer.Option("--rename-extensions", help="Name outputs .hip / .hip.h ... and rewrite includes to match.")] = False,
    jobs: Jobs = None, no_cache: NoCache = False, include: Include = None, exclude: Exclude = None,
    changed_since: ChangedSince = None, compile_db: CompileDb = None,
    roc: Roc = False, hipdnn: HipDnn = False, miopen: MiOpen = False,
    experimental: Experimental = False, amap: Amap = False, hip_version: HipVersion = None,
    cuda_version: CudaVersion = None,
    keep_launch_syntax: KeepLaunch = False, hip_kernel_execution_syntax: HipLaunch = False,
    skip_excluded: SkipExcluded = False, use_hip_data_types: HipDataTypes = False,
    flat_library_headers: FlatHeaders = False,
    offload_arch: OffloadArch = None, no_build_files: NoBuildFiles = False,
    cmake_style: CMakeStyle = "cxx",
    include_dir: IncludeDirs = None, define: Defines = None, cuda_path: CudaPath = None,
    mappings: MappingFiles = None, show_clang_diagnostics: ClangDiags = False,
    max_file_size: MaxSize = 8 * 1024 * 1024,
    fmt: Format = None, report: ReportFiles = None, diagnostics_output: DiagOutput = None,
    fail_on: FailOn = "none", baseline: Baseline = None, update_baseline: UpdateBaseline = False,
    ignore: Ignore = None, verbose: Verbose = False, quiet: Quiet = False,
    no_config: NoConfig = False, verify_compile: VerifyCompile = False,
    hipcc_flags: HipccFlags = None,
) -> None:
    """Translate CUDA files to HIP.

    Without an output option a single file is written to standard output and several files
    are only checked (use --output-dir or --in-place to write).
    """
    _guarded(_translate, locals())


def _translate(a: dict[str, Any]) -> int:
    import time

    _load_parser_early(a["paths"])
    from hipify_py.port.run_values import OutputMode, RunOptions
    from hipify_py.port.runner import run

    if a["output"] == "-":  # the usual spelling of standard output, not a file named "-"
        a["output"], a["stdout"] = None, True
    modes = [m for m, on in (
        ("-o", a["output"]), ("--stdout", a["stdout"]), ("--output-dir", a["output_dir"]),
        ("--in-place", a["in_place"]), ("--diff", a["diff"]),
    ) if on]
    if len(modes) > 1 and not (modes == ["--output-dir"]):
        raise UsageError(f"choose one of {', '.join(modes)}")
    if a["check"] and not a["output_dir"]:
        raise UsageError("--check needs --output-dir (the HIP copies to compare against)")
    if a["output"] and (len(a["paths"]) != 1 or os.path.isdir(a["paths"][0])):
        raise UsageError("-o/--output takes exactly one input file")
    if a["no_backup"] and not a["in_place"]:
        raise UsageError("--no-backup only applies to --in-place")
    if a["in_place"] and a["rename_extensions"]:
        raise UsageError("--rename-extensions needs --output-dir: in place, files keep their names")
    _refuse_overwriting_inputs(a)
    settings, table, level, fmt, cfg = _build_from(a)
    include, exclude = _globs(a, cfg)
    if a["output"]:
        mode = OutputMode.FILE
    elif a["output_dir"]:
        mode = OutputMode.OUTPUT_DIR
    elif a["in_place"]:
        mode = OutputMode.IN_PLACE
    elif a["diff"]:
        mode = OutputMode.DIFF
    elif a["stdout"] or (len(a["paths"]) == 1 and os.path.isfile(a["paths"][0])) or a["paths"] == ["-"]:
        mode = OutputMode.STDOUT
    else:
        mode = OutputMode.CHECK
    options = RunOptions(
        mode=mode,
        output_file=a["output"],
        output_dir=a["output_dir"],
        backup=not a["no_backup"],
        changed_only=a["changed_only"],
        rename_extensions=a["rename_extensions"],
        sync_check=a["check"],
        jobs=a["jobs"],
        use_cache=not a["no_cache"],
        include=include,
        exclude=exclude,
        compile_db=a["compile_db"],
        changed_since=a["changed_since"],
        max_file_size=a["max_file_size"],
        progress=_color() and not a["quiet"] and mode not in (OutputMode.STDOUT, OutputMode.DIFF),
    )
    started = time.perf_counter()
    outcome = _run(run, a["paths"], options, settings, table)
    _print_outputs(mode, outcome)
    compile_status = None
    extra = EXIT_OK
    if a["verify_compile"]:
        from hipify_py.verify.compile import verify_results

        outcome.results, compile_status = verify_results(
            outcome.results, outcome.destinations, extra_flags=a["hipcc_flags"], jobs=a["jobs"]
        )
        if any(status.startswith("failed") for status in compile_status.values()):
            extra = EXIT_FINDINGS  # asked to verify: a file that does not compile fails the run
    if a["check"] and outcome.out_of_date:
        for path in outcome.out_of_date:
            typer.echo(f"{path}: out of date", err=True)
        extra = EXIT_FINDINGS
    # In stdout/diff mode the terminal carries the code; diagnostics go to stderr.
    return _finish(
        outcome, settings, fail_on=level, fmt=fmt, diag_output=a["diagnostics_output"],
        report_files=a["report"], baseline=a["baseline"], update_baseline=a["update_baseline"],
        verbose=a["verbose"], quiet=a["quiet"], elapsed=time.perf_counter() - started,
        extra_exit=extra, compile_status=compile_status,
        to_stderr=mode in (OutputMode.STDOUT, OutputMode.DIFF),
    )


def _refuse_overwriting_inputs(a: dict[str, Any]) -> None:
    """An output that is an input would replace the CUDA original with no backup: that is
    --in-place's job. An output folder inside an input is fine when new, or when it is one
    hipify-py wrote before (it holds our marker); not when it holds files of the project."""
    from hipify_py.port.mirror import MARKER

    def real(p: str) -> str:
        return os.path.realpath(p)

    inputs = [real(p) for p in a["paths"] if p != "-"]
    if a["output"] and real(a["output"]) in inputs:
        raise UsageError(f"-o {a['output']} is the input itself: use --in-place (it keeps a backup)")
    if not a["output_dir"]:
        return
    out = real(a["output_dir"])
    for given in inputs:
        if out == given:
            raise UsageError(f"--output-dir {a['output_dir']} is the input folder itself: use "
                             "--in-place (it keeps backups)")
        inside = (out + os.sep).startswith(given + os.sep) and os.path.isdir(given)
        if inside and os.path.isdir(out) and os.listdir(out) and not os.path.exists(
                os.path.join(out, MARKER)):
            raise UsageError(f"--output-dir {a['output_dir']} is inside the input {given} and "
                             "already holds files hipify-py did not write: choose a new or empty "
                             "folder")


def _print_outputs(mode: Any, outcome: Any) -> None:
    from hipify_py.port.run_values import OutputMode

    if mode is OutputMode.STDOUT:
        for result in outcome.results:
            if result.output is not None:
                sys.stdout.buffer.write(result.output)
        sys.stdout.flush()
        if any(r.supplied for r in outcome.results):
            # Standard output has no place for a second file: say where to get it.
            print('hipify-py: the output includes "hipify_supplied.h" (what the target HIP '
                  "lacks, HPY530); translate with -o FILE or --output-dir to have it written",
                  file=sys.stderr)
    elif mode is OutputMode.DIFF:
        import difflib

        for result in outcome.results:
            if result.output is None or not result.changed:
                continue
            try:
                original = Path(result.path).read_bytes()
            except OSError:
                continue
            lines = difflib.diff_bytes(
                difflib.unified_diff,
                original.splitlines(keepends=True),
                result.output.splitlines(keepends=True),
                fromfile=f"a/{result.path}".encode(),
                tofile=f"b/{result.path}".encode(),
            )
            for line in lines:
                sys.stdout.buffer.write(line if line.endswith(b"\n") else line + b"\n\\ No newline at end of file\n")
        sys.stdout.flush()


def _globs(a: dict[str, Any], cfg: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """--include/--exclude replace the configuration's lists when given."""
    include = tuple(a["include"] or (cfg.include if cfg is not None else ()))
    exclude = tuple(a["exclude"] or (cfg.exclude if cfg is not None else ()))
    return include, exclude


def _run(run: Any, paths: list[str], options: Any, settings: Any, table: Any) -> Any:
    from hipify_py.port.build_info import BuildInfoError

    # What start-up made (modules, the table) lives to the end: frozen out of every later
    # collection. What the run makes is collected at the usual thresholds again: at start-up's,
    # a tree's cyclic garbage stayed (CLS, -j1: +40 MB).
    gc.freeze()
    gc.set_threshold(*_USUAL_GC_THRESHOLDS)
    try:
        return run(paths, options, settings, table)
    except BuildInfoError as exc:
        raise UsageError(str(exc)) from None


def _load_parser_early(paths: list[str]) -> None:
    """One file is parsed in this process: libclang loads while the rest is imported."""
    if len(paths) == 1 and (paths[0] == "-" or os.path.isfile(paths[0])):
        from hipify_py.engine.parsing import load_libclang_in_background

        load_libclang_in_background()


def _build_from(a: dict[str, Any]) -> tuple[Any, Any, Any, str, Any]:
    if a.get("use_hip_data_types"):
        typer.echo("hipify-py: note: --use-hip-data-types has no effect: library data types "
                   "(cudaDataType, ...) always map to HIP's; accepted for hipify-clang "
                   "compatibility", err=True)
    return _build(
        paths=a["paths"], roc=a["roc"], hipdnn=a["hipdnn"], miopen=a["miopen"],
        experimental=a["experimental"], amap=a["amap"], hip_version=a["hip_version"],
        cuda_version=a["cuda_version"], keep_launch=a["keep_launch_syntax"], hip_launch=a["hip_kernel_execution_syntax"],
        skip_excluded=a["skip_excluded"], flat_headers=bool(a.get("flat_library_headers")),
        include_dirs=a["include_dir"], defines=a["define"],
        offload_arch=a.get("offload_arch"), no_build_files=bool(a.get("no_build_files")),
        cmake_style=a.get("cmake_style") or "cxx",
        cuda_path=a["cuda_path"], mappings=a["mappings"], clang_diags=a["show_clang_diagnostics"],
        ignore=a["ignore"], fail_on=a["fail_on"], fmt=a["fmt"], no_config=a["no_config"],
    )


@app.command()
def check(
    paths: Paths,
    jobs: Jobs = None, no_cache: NoCache = False, include: Include = None, exclude: Exclude = None,
    changed_since: ChangedSince = None, compile_db: CompileDb = None,
    roc: Roc = False, hipdnn: HipDnn = False, miopen: MiOpen = False,
    experimental: Experimental = False, amap: Amap = False, hip_version: HipVersion = None,
    cuda_version: CudaVersion = None,
    keep_launch_syntax: KeepLaunch = False, hip_kernel_execution_syntax: HipLaunch = False,
    skip_excluded: SkipExcluded = False, use_hip_data_types: HipDataTypes = False,
    flat_library_headers: FlatHeaders = False,
    offload_arch: OffloadArch = None, no_build_files: NoBuildFiles = False,
    cmake_style: CMakeStyle = "cxx",
    include_dir: IncludeDirs = None, define: Defines = None, cuda_path: CudaPath = None,
    mappings: MappingFiles = None, show_clang_diagnostics: ClangDiags = False,
    max_file_size: MaxSize = 8 * 1024 * 1024,
    fmt: Format = None, report: ReportFiles = None, diagnostics_output: DiagOutput = None,
    fail_on: FailOn = None, baseline: Baseline = None, update_baseline: UpdateBaseline = False,
    ignore: Ignore = None, verbose: Verbose = False, quiet: Quiet = False,
    no_config: NoConfig = False,
    shim: Annotated[str | None, typer.Option("--shim", metavar="DIR", help="Check that the compatibility folder DIR (hipify-py shim) covers the tree and is up to date.")] = None,
) -> None:
    """Report what would not port; write nothing. Exit 1 when a finding reaches --fail-on
    (default: error)."""
    _guarded(_check if shim is None else _shim, locals())


def _check(a: dict[str, Any]) -> int:
    import time

    from hipify_py.port.run_values import OutputMode, RunOptions
    from hipify_py.port.runner import run

    settings, table, level, fmt, cfg = _build_from(a)
    include, exclude = _globs(a, cfg)
    options = RunOptions(
        mode=OutputMode.CHECK,
        jobs=a["jobs"],
        use_cache=not a["no_cache"],
        include=include,
        exclude=exclude,
        compile_db=a["compile_db"],
        changed_since=a["changed_since"],
        max_file_size=a["max_file_size"],
        progress=_color() and not a["quiet"],
    )
    started = time.perf_counter()
    outcome = _run(run, a["paths"], options, settings, table)
    return _finish(
        outcome, settings, fail_on=level, fmt=fmt, diag_output=a["diagnostics_output"],
        report_files=a["report"], baseline=a["baseline"], update_baseline=a["update_baseline"],
        verbose=a["verbose"], quiet=a["quiet"], elapsed=time.perf_counter() - started,
    )


@app.command()
def shim(
    paths: Paths,
    output_dir: Annotated[str, typer.Option("--output-dir", "-O", help="The compatibility folder to write (hipcc -I DIR -include cuda_runtime.h).")],
    jobs: Jobs = None, no_cache: NoCache = False, include: Include = None, exclude: Exclude = None,
    compile_db: CompileDb = None,
    roc: Roc = False, hipdnn: HipDnn = False, miopen: MiOpen = False,
    experimental: Experimental = False, amap: Amap = False, hip_version: HipVersion = None,
    cuda_version: CudaVersion = None, skip_excluded: SkipExcluded = False,
    include_dir: IncludeDirs = None, define: Defines = None, cuda_path: CudaPath = None,
    mappings: MappingFiles = None, show_clang_diagnostics: ClangDiags = False,
    max_file_size: MaxSize = 8 * 1024 * 1024,
    fmt: Format = None, report: ReportFiles = None, diagnostics_output: DiagOutput = None,
    fail_on: FailOn = None, baseline: Baseline = None, update_baseline: UpdateBaseline = False,
    ignore: Ignore = None, verbose: Verbose = False, quiet: Quiet = False,
    no_config: NoConfig = False,
) -> None:
    """Keep the CUDA source: write a compatibility folder so that the unchanged sources compile
    with `hipcc -x hip -I DIR -include cuda_runtime.h`, and report what it cannot cover.
    Exit 1 when a finding reaches --fail-on (default: error)."""
    _guarded(_shim, locals())


def _shim(a: dict[str, Any]) -> int:
    import shlex
    import time

    from hipify_py.port.run_values import RunOptions
    from hipify_py.port.shim_folder import check_shim, generate_shim

    a = {"changed_since": None, "keep_launch_syntax": True, "hip_kernel_execution_syntax": False,
         **a}
    settings, table, level, fmt, cfg = _build_from(a)
    include, exclude = _globs(a, cfg)
    options = RunOptions(jobs=a["jobs"], use_cache=not a["no_cache"], include=include,
                         exclude=exclude, compile_db=a["compile_db"],
                         max_file_size=a["max_file_size"],
                         progress=_color() and not a["quiet"])
    folder = a.get("shim") or a["output_dir"]
    command = shlex.join(["hipify-py", "shim", *a["paths"], "--output-dir", folder,
                          *_shim_options(a)])
    started = time.perf_counter()
    act = check_shim if a.get("shim") else generate_shim
    outcome = act(a["paths"], options, settings, table, folder, command)
    return _finish(
        outcome, settings, fail_on=level, fmt=fmt, diag_output=a["diagnostics_output"],
        report_files=a["report"], baseline=a["baseline"], update_baseline=a["update_baseline"],
        verbose=a["verbose"], quiet=a["quiet"], elapsed=time.perf_counter() - started,
    )


def _shim_options(a: dict[str, Any]) -> list[str]:
    """The options that change a shim's content, for the command its files name."""
    out: list[str] = []
    for flag, key in (("--roc", "roc"), ("--hipdnn", "hipdnn"), ("--experimental", "experimental"),
                      ("--amap", "amap"),
                      ("--skip-excluded-preprocessor-conditional-blocks", "skip_excluded")):
        if a.get(key):
            out.append(flag)
    for flag, key in (("--hip-version", "hip_version"), ("--cuda-version", "cuda_version")):
        if a.get(key):
            out += [flag, a[key]]
    for flag, key in (("-I", "include_dir"), ("-D", "define"), ("--mappings", "mappings")):
        for value in a.get(key) or ():
            out += [flag, value]
    return out


def _guarded(command: Any, arguments: dict[str, Any]) -> None:
    """Run a command body: usage errors exit 2, bugs exit 3 with a short message."""
    try:
        code = command(arguments)
    except UsageError as exc:
        _fail_usage(str(exc))
        return
    except typer.Exit:
        raise
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except BrokenPipeError:
        _quiet_broken_pipe()
        raise typer.Exit(EXIT_FINDINGS) from None
    except OSError as exc:  # the machine's, not ours: a full disk, a folder where a file goes
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"hipify-py: error: {where}{exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_FINDINGS) from None
    except Exception as exc:  # a bug in hipify-py: say so, keep the traceback on request
        if os.environ.get("HIPIFY_PY_DEBUG"):
            raise
        typer.echo(f"hipify-py: internal error: {type(exc).__name__}: {exc} "
                   "(set HIPIFY_PY_DEBUG=1 for the traceback)", err=True)
        raise typer.Exit(EXIT_INTERNAL) from None
    raise typer.Exit(code)


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(f"hipify-py {__version__}")


def _register_mapping_commands() -> None:
    from hipify_py.tables.mappings_cli import lookup_command, mappings_app

    app.command("lookup")(lookup_command)
    app.add_typer(mappings_app, name="mappings", help="Inspect and document the mapping tables.")


_register_mapping_commands()


def _app_for(args: list[str]) -> typer.Typer:
    """The app that runs `hipify-py ARGS`: where ARGS name one of the plain commands, an app
    holding that command alone, which parses and helps exactly as the whole one does. typer
    builds the options of every command before it dispatches, a tenth of a one-file run."""
    name = args[0] if args else None
    chosen = [info for info in app.registered_commands
              if (info.name or getattr(info.callback, "__name__", None)) == name]
    if len(chosen) != 1:
        return app  # no command, an option first, `mappings`, or a typo: typer says which
    alone = _new_app()
    alone.callback()(_no_group_options)  # keeps it a group: `hipify-py NAME ...` as before
    alone.registered_commands = chosen
    return alone


def _no_group_options() -> None:
    """Port CUDA source trees to HIP, and report precisely what could not be ported."""


def _quiet_broken_pipe() -> None:
    """The reader went away (`| head`): say nothing more, and let Python's exit-time flush of
    standard output fail silently."""
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(*, exit_now: bool = False) -> None:
    """Entry point: the commands report their own errors; what escapes them (an I/O error in a
    command without its own guard, the interpreter's final flush) is still not a traceback.

    With exit_now (the `hipify-py` command, `python -m hipify_py`), the process ends as soon as
    the atexit handlers have run and the standard streams are flushed, skipping the interpreter's
    teardown: freeing the mapping table and every module object by object costs about 30 ms, a
    sixth of translating one file."""
    try:
        try:
            try:
                _app_for(sys.argv[1:])()
            finally:
                sys.stdout.flush()  # here, where a full disk can still be reported
        except BrokenPipeError:
            _quiet_broken_pipe()
            sys.exit(EXIT_FINDINGS)
        except OSError as exc:
            typer.echo(f"hipify-py: error: {exc.strerror or exc}", err=True)
            sys.exit(EXIT_FINDINGS)
    except SystemExit as exc:
        if not exit_now:
            raise
        _exit_now(exc.code)


def entry() -> None:
    """The `hipify-py` command."""
    main(exit_now=True)


def _exit_now(code: object) -> None:
    """sys.exit(code) without the interpreter's teardown (every write is done by now)."""
    import atexit

    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # what the interpreter does with a message
        with contextlib.suppress(OSError, ValueError):
            print(code, file=sys.stderr)
        status = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)
