"""Report renderers: terminal text (rich), JSON, SARIF 2.1.0, and HTML/Markdown porting reports
(jinja2). Each takes a Report and produces text; emit() decides where it goes.

The JSON format is versioned (JSON_SCHEMA_VERSION) and described by
schemas/report-v1.schema.json, shipped in the package and checked by the tests.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from functools import cache, lru_cache
from pathlib import Path, PurePath
from typing import Any, NamedTuple

from hipify_py.errors import UsageError
from hipify_py.files import write_if_changed
from hipify_py.reporting.diagnostics import CATALOGUE, Diagnostic, Severity
from hipify_py.reporting.report import EFFORT_MINUTES, Report
from hipify_py.settings import describe_target

JSON_SCHEMA_VERSION = 1
INFORMATION_URI = "https://github.com/hipify-py/hipify-py"
_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}
_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.NOTE: "cyan"}


def emit(
    report: Report,
    *,
    fmt: str,
    output: str | None,
    report_files: Sequence[str],
    color: bool,
    verbose: bool,
    compile_status: Mapping[str, str] | None = None,
    to_stderr: bool = False,
    recorded: MutableMapping[str, Rendered] | None = None,
) -> None:
    """Print or write the diagnostics in `fmt`, then write every --report file.

    `recorded`: renderings of reports made from the same results before (port/run_record.py
    keeps them beside the run record); each is reused with this run's own fields filled in,
    and what is rendered here is added to it."""

    def text_of(kind: str) -> str:
        if recorded is None:
            return rendered(report, kind, compile_status).stamped(report)
        key = f"{kind}\0{report.files_copied}\0{sorted((compile_status or {}).items())!r}"
        body = recorded.get(key)
        if body is None:
            body = recorded[key] = rendered(report, kind, compile_status)
        return body.stamped(report)

    if fmt != "none":
        if fmt == "text":
            text = render_text(report, color=color and output is None, verbose=verbose)
        elif fmt in ("json", "sarif"):
            text = text_of(fmt)
        else:
            raise ValueError(f"unknown format {fmt!r}")
        if output is not None:
            write_if_changed(output, text.encode("utf-8", "backslashreplace"))
        else:
            stream = sys.stderr if to_stderr else sys.stdout
            stream.write(text)
            stream.flush()
    for path in report_files:
        write_if_changed(path, text_of(report_kind(path)).encode(
            "utf-8", "backslashreplace"))  # a file name that is not UTF-8 shows as \udcXX


def report_kind(path: str) -> str:
    """The report format a --report file name asks for."""
    suffix = PurePath(path).suffix.lower()
    kind = _KINDS.get(suffix)
    if kind is None:
        raise UsageError(f"--report {path}: use a .html, .md, .json or .sarif file name")
    return kind


_KINDS = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md", ".json": "json",
          ".sarif": "sarif"}


def render_file(report: Report, path: str, compile_status: Mapping[str, str] | None = None) -> str:
    return rendered(report, report_kind(path), compile_status).stamped(report)


# --- a rendering without the run's own fields -------------------------------------------------
class Rendered(NamedTuple):
    """A report rendered with markers where the run's own fields go (when it was made, how long
    it took): `stamped` fills them in. Every report is written this way, so a re-run whose
    results are those of an earlier run can reuse its rendering, with no template and no
    rendering, and write exactly what rendering would have written."""

    kind: str  # html, md, json, sarif
    text: str
    marker: str  # "<marker>-created" and "<marker>-elapsed" stand for the fields

    def stamped(self, report: Report) -> str:
        """The text with this run's creation time and duration, formatted as the format shows
        them (the template's '%.2f', JSON's number; HTML escaped as autoescape does)."""
        if not self.marker:
            return self.text
        if self.kind == "json":  # the markers stand in the document as strings
            fields = {"created": json.dumps(report.created),
                      "elapsed": json.dumps(round(report.elapsed, 3))}
            pattern = f'"{self.marker}-(created|elapsed)"'
        else:
            created = _html_escape(report.created) if self.kind == "html" else report.created
            fields = {"created": created, "elapsed": f"{report.elapsed:.2f}"}
            pattern = f"{self.marker}-(created|elapsed)"
        # One pass, one copy of a text of megabytes (two replace() calls made two).
        return re.sub(pattern, lambda m: fields[m[1]], self.text)


def rendered(report: Report, kind: str, compile_status: Mapping[str, str] | None = None
             ) -> Rendered:
    """The report in `kind` (html, md, json, sarif), its run's own fields left as markers."""
    if kind == "sarif":  # SARIF carries neither field
        return Rendered(kind, render_sarif(report), "")
    # Letters, digits and hyphens: every format shows them as they are; random, so no text of
    # the report (a file name, a message) can hold one.
    marker = f"hipify-py-{os.urandom(8).hex()}"
    created, elapsed = f"{marker}-created", f"{marker}-elapsed"
    if kind == "json":
        document = report_document(report, compile_status)
        document["created"] = created
        document["summary"]["elapsed_seconds"] = elapsed
        text = indented_json(document) + "\n"
    elif kind in ("html", "md"):
        context = _template_context(report, compile_status)
        findings: list[str] = []
        if kind == "html":  # put in after rendering, as pieces: the text is copied once
            from markupsafe import Markup

            findings = _findings_html(context["findings"])
            context["findings_html"] = Markup(f"{marker}-findings")
        template = _environment(kind == "html").get_template(f"report.{kind}.j2")
        text = str(template.render(**context, created=created, elapsed=elapsed))
        if findings:
            head, tail = text.split(f"{marker}-findings")
            text = "".join([head, *findings, tail])
    else:
        raise ValueError(f"unknown report kind {kind!r}")
    return Rendered(kind, text, marker)


def indented_json(document: Mapping[str, Any]) -> str:
    """json.dumps(document, indent=2), byte for byte, its lists at the top encoded an item at a
    time: json's indenting encoder is pure Python and holds every piece of the text until the
    end, 15 MB of small strings for a report of 2 MB (the peak of a -j1 run)."""
    pieces = ["{"]
    for n, (key, value) in enumerate(document.items()):
        pieces.append(f'{"," if n else ""}\n  {json.dumps(key)}: ')
        if isinstance(value, list) and value:
            pieces.append("[")
            for i, item in enumerate(value):  # an item's newlines are structure: strings escape theirs
                item_text = json.dumps(item, indent=2).replace("\n", "\n    ")
                pieces.append(f'{"," if i else ""}\n    {item_text}')
            pieces.append("\n  ]")
        else:
            pieces.append(json.dumps(value, indent=2).replace("\n", "\n  "))
    pieces.append("\n}" if document else "}")
    return "".join(pieces)


# --- text -----------------------------------------------------------------------------------
def render_text(report: Report, *, color: bool, verbose: bool) -> str:
    if not color:
        return _plain_text(report, verbose=verbose)
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=color, no_color=not color, width=120,
                      highlight=False, soft_wrap=True)
    shown = [d for d in report.diagnostics if verbose or d.severity > Severity.NOTE]
    current = None
    for d in shown:
        if d.path != current and color:
            console.print(Text(visible(d.path), style="bold underline"))
        current = d.path
        line = Text(f"{visible(d.path)}:{d.line}:{d.column}: ")
        line.append(d.code, style="bold")
        line.append(" ")
        line.append(f"{d.severity.label}:", style=_STYLE[d.severity])
        line.append(f" {visible(d.message)}")
        console.print(line)
        if verbose and d.suggestion:
            console.print(Text(f"    suggestion: {visible(d.suggestion)}", style="dim"))
    t = report.totals
    if report.diagnostics:
        table = Table(title="findings by family", box=None)
        table.add_column("family")
        for sev in ("error", "warning", "note"):
            table.add_column(sev, justify="right")
        for family, counts in t.by_family.items():
            table.add_row(family, *(str(counts.get(s, 0)) for s in ("error", "warning", "note")))
        console.print(table)
    console.print(_summary_line(report))
    return buffer.getvalue()


def _summary_line(report: Report) -> str:
    t = report.totals
    status = ", ".join(f"{n} {s}" for s, n in sorted(t.by_status.items()))
    copied = f", {report.files_copied} other files copied" if report.files_copied else ""
    return (f"hipify-py: {t.files} files ({status}){copied}, {t.lines} lines, "
            f"{t.converted} references converted, {t.unconverted} left; "
            f"{t.by_severity.get('error', 0)} errors, {t.by_severity.get('warning', 0)} warnings, "
            f"{t.by_severity.get('note', 0)} notes in {report.elapsed:.2f} s; "
            f"target: {describe_target(report.settings)}")


def _plain_text(report: Report, *, verbose: bool) -> str:
    """The text format for pipes and CI logs: no rich (its import alone costs 20 ms)."""
    out = []
    for d in report.diagnostics:
        if not verbose and d.severity is Severity.NOTE:
            continue
        out.append(f"{visible(d.path)}:{d.line}:{d.column}: {d.code} {d.severity.label}: "
                   f"{visible(d.message)}")
        if verbose and d.suggestion:
            out.append(f"    suggestion: {visible(d.suggestion)}")
    t = report.totals
    if report.diagnostics:
        width = max(len("family"), *(len(f) for f in t.by_family))
        out.append("findings by family")
        out.append(f" {'family':<{width}}  {'error':>7}  {'warning':>7}  {'note':>7}")
        for family, counts in t.by_family.items():
            out.append(f" {family:<{width}}  {counts.get('error', 0):>7}  "
                       f"{counts.get('warning', 0):>7}  {counts.get('note', 0):>7}")
    out.append(_summary_line(report))
    return "\n".join(out) + "\n"


# --- JSON -----------------------------------------------------------------------------------
def _diagnostic_record(d: Diagnostic) -> dict[str, Any]:
    return {
        "path": shown_path(d.path), "line": d.line, "column": d.column, "code": d.code, "name": d.name,
        "severity": d.severity.label, "category": CATALOGUE[d.code].category,
        "message": d.message, "cuda_name": d.cuda_name, "suggestion": d.suggestion,
        "family": d.family,
    }


def report_document(report: Report, compile_status: Mapping[str, str] | None = None) -> dict[str, Any]:
    t = report.totals
    s = report.settings
    return {
        "schema": "hipify-py/report",
        "version": JSON_SCHEMA_VERSION,
        "tool": {"name": "hipify-py", "version": report.tool_version},
        "created": report.created,
        "settings": {
            "roc": s.roc, "hipdnn": s.hipdnn, "experimental": s.experimental, "amap": s.amap,
            "hip_version": str(s.hip_version) if s.hip_version else None,
            "target": describe_target(s),
            "keep_launch_syntax": s.keep_launch_syntax,
            "skip_excluded_blocks": s.skip_excluded_blocks,
        },
        "summary": {
            "files": t.files, "by_status": t.by_status, "lines": t.lines,
            "changed_lines": t.changed_lines, "changed_percent": round(t.changed_percent, 2),
            "kernel_launches": t.kernel_launches, "references_converted": t.converted,
            "references_unconverted": t.unconverted, "by_severity": t.by_severity,
            "by_code": t.by_code, "by_family": t.by_family,
            "effort_hours": list(report.effort_hours), "elapsed_seconds": round(report.elapsed, 3),
            "files_copied": report.files_copied,
        },
        "files": [
            {"path": r.path, "status": r.status.value, "lines": r.stats.lines,
             "changed_lines": r.stats.changed_lines,
             "compile_status": (compile_status or {}).get(r.path)}
            for r in report.results
        ],
        "diagnostics": [_diagnostic_record(d) for d in report.diagnostics],
        "statistics": {"converted": report.converted, "unconverted": report.unconverted},
    }


def render_json(report: Report, compile_status: Mapping[str, str] | None = None) -> str:
    return rendered(report, "json", compile_status).stamped(report)


# --- SARIF ----------------------------------------------------------------------------------
def _uri(path: str) -> str:
    path = shown_path(path)
    p = PurePath(path)
    if p.is_absolute():
        try:
            p = PurePath(os.path.relpath(path))
        except ValueError:
            return Path(path).as_uri()
    return p.as_posix()


def _utf16_column(path: str, line: int, column: int) -> int:
    """Our columns count bytes (as clang's do); SARIF counts UTF-16 code units."""
    raw = _source_bytes(path)
    if not raw or line > len(raw) or column <= 1:
        return max(column, 1)
    prefix = raw[line - 1][: column - 1].decode("utf-8", "replace")
    return len(prefix.encode("utf-16-le")) // 2 + 1


# A few files' lines at a time: findings come grouped by file, and a whole tree's lines kept
# for the run's length were the largest part of a -j1 run's peak memory (CLS: 175,000 lines).
_FILES_KEPT = 16


@lru_cache(maxsize=_FILES_KEPT)
def _source_bytes(path: str) -> list[bytes]:
    try:
        return Path(path).read_bytes().split(b"\n")
    except OSError:
        return []


def _fingerprint(d: Diagnostic) -> str:
    lines = _source_lines(d.path)
    line = lines[d.line - 1].strip() if 1 <= d.line <= len(lines) else ""
    blob = "\0".join((d.code, _uri(d.path), d.cuda_name or "", line))
    return hashlib.sha256(blob.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def render_sarif(report: Report) -> str:
    used = sorted({d.code for d in report.diagnostics})
    index = {code: k for k, code in enumerate(used)}
    rules = []
    for code in used:
        info = CATALOGUE[code]
        rules.append({
            "id": code,
            "name": "".join(w.capitalize() for w in info.name.split("-")),
            "shortDescription": {"text": info.summary},
            "fullDescription": {"text": info.help},
            "help": {"text": info.help},
            "defaultConfiguration": {"level": _SARIF_LEVEL[info.severity]},
            "properties": {"tags": ["portability", "hip", info.category], "category": info.category},
        })
    results = []
    for d in report.diagnostics:
        message = d.message + (f" Suggestion: {d.suggestion}" if d.suggestion else "")
        results.append({
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _SARIF_LEVEL[d.severity],
            "message": {"text": message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": _uri(d.path), "uriBaseId": "%SRCROOT%"},
                "region": {"startLine": max(d.line, 1),
                           "startColumn": _utf16_column(d.path, d.line, d.column)},
            }}],
            "partialFingerprints": {"hipifyPy/v1": _fingerprint(d)},
        })
    document = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "hipify-py", "version": report.tool_version,
                                "semanticVersion": report.tool_version,
                                "informationUri": INFORMATION_URI, "rules": rules}},
            "artifacts": [{"location": {"uri": _uri(r.path), "uriBaseId": "%SRCROOT%"}}
                          for r in report.results],
            "results": results,
            "columnKind": "utf16CodeUnits",
        }],
    }
    return json.dumps(document, indent=2) + "\n"


# --- HTML and Markdown ------------------------------------------------------------------------
@lru_cache(maxsize=_FILES_KEPT)
def _source_lines(path: str) -> list[str]:
    """The file's lines (line n at index n - 1), for snippets; [] when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return []
    return data.decode("utf-8", errors="replace").splitlines()


def snippet(d: Diagnostic, context: int = 1) -> list[tuple[int, str, bool]]:
    """(line number, text, is the reported line) around a diagnostic."""
    lines = _source_lines(d.path)
    return [(n, lines[n - 1].rstrip(), n == d.line)
            for n in range(max(d.line - context, 1), min(d.line + context, len(lines)) + 1)]


def _template_context(report: Report, compile_status: Mapping[str, str] | None) -> dict[str, Any]:
    # Errors first, then warnings, then notes: what a person must act on leads.
    ordered = sorted(report.diagnostics, key=lambda d: (-d.severity, d.sort_key()))
    findings = [{"d": d, "info": CATALOGUE[d.code], "snippet": snippet(d)} for d in ordered]
    families = sorted(set(report.converted) | set(report.unconverted))
    family_rows = [
        (f, sum(report.converted.get(f, {}).values()), sum(report.unconverted.get(f, {}).values()))
        for f in families
    ]
    return {
        "report": report, "t": report.totals, "findings": findings, "family_rows": family_rows,
        "compile_status": compile_status or {}, "catalogue": CATALOGUE,
        "effort_minutes": EFFORT_MINUTES, "low_high": report.effort_hours,
    }


@cache
def _environment(autoescape: bool) -> Any:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("hipify_py.reporting", "templates"),
        autoescape=autoescape, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
    )
    env.filters["md"] = markdown_text
    env.filters["fence"] = code_fence
    return env


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|#!{}])")


def visible(text: str) -> str:
    """Control characters (a terminal escape in a file name) shown, not obeyed; the bytes of a
    name that is not UTF-8 shown as \\xNN."""
    return text if text.isprintable() else "".join(
        c if c.isprintable() else f"\\x{ord(c) - 0xDC00 if 0xDC80 <= ord(c) <= 0xDCFF else ord(c):02x}"
        for c in text)


def shown_path(path: str) -> str:
    """A path as text every format can carry: a byte that is not UTF-8 becomes \\xNN."""
    try:
        path.encode("utf-8")
        return path
    except UnicodeEncodeError:
        return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def markdown_text(value: object) -> str:
    """Text from file names, mapping files and compilers, shown as text: Markdown's
    punctuation escaped, HTML made inert, control characters (terminal escapes) made visible."""
    text = str(value if value is not None else "")
    text = visible(text.replace("\n", " "))
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def code_fence(lines: Iterable[str]) -> str:
    """A backtick fence longer than any run of backticks in the block it encloses."""
    longest = max((len(run) for line in lines for run in re.findall(r"`+", line)), default=0)
    return "`" * max(3, longest + 1)


def _html_escape(text: str) -> str:
    """markupsafe.escape's output (the HTML template's autoescape), without a Markup per value."""
    return (text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
            .replace("'", "&#39;").replace('"', "&#34;"))


def _findings_html(findings: list[dict[str, Any]]) -> list[str]:
    """The HTML report's findings, as pieces in order: errors and warnings, then the notes
    folded away. Built here, not by a template macro: a report of thousands of findings
    rendered through jinja2 cost most of a warm re-run. Every value is escaped as the
    template's autoescape would."""
    escape = _html_escape

    def one(f: dict[str, Any]) -> str:
        d = f["d"]
        label = escape(d.severity.label)
        code = escape(d.code)
        parts = [f'<div class="finding" data-code="{code}" data-severity="{label}">\n'
                 f"<div><code>{escape(d.path)}:{d.line}:{d.column}</code> "
                 f'<span class="{label}">{label}</span> <strong>{code}</strong> '
                 f"{escape(d.message)}</div>\n"]
        if d.suggestion:
            parts.append(f'<div class="meta">Suggestion: {escape(d.suggestion)}</div>')
        if f["snippet"]:
            parts.append("<pre>")
            for n, text, hit in f["snippet"]:
                opening = '<span class="hit">' if hit else "<span>"
                parts.append(f"{opening}{n:5d}  {escape(text)}</span>")
            parts.append("</pre>")
        parts.append("</div>\n")
        return "".join(parts)

    pieces = [one(f) for f in findings if f["d"].severity is not Severity.NOTE]
    if not pieces:
        pieces.append("<p>No errors or warnings.</p>")
    notes = [one(f) for f in findings if f["d"].severity is Severity.NOTE]
    if notes:
        pieces += [f"<details><summary>{len(notes)} notes (information only)</summary>\n",
                   *notes, "</details>\n"]
    return pieces


def render_html(report: Report, compile_status: Mapping[str, str] | None = None) -> str:
    return rendered(report, "html", compile_status).stamped(report)


def render_markdown(report: Report, compile_status: Mapping[str, str] | None = None) -> str:
    return rendered(report, "md", compile_status).stamped(report)
