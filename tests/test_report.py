"""Reports: totals and exit codes, JSON against our schema, SARIF against the official 2.1.0
schema, the HTML report's totals against the JSON, Markdown tables, and baselines."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from hipify_py.engine.translate import translate_source
from hipify_py.reporting.baseline import load_baseline, write_baseline
from hipify_py.reporting.diagnostics import Diagnostic, Severity
from hipify_py.reporting.render import (
    render_html,
    render_json,
    render_markdown,
    render_sarif,
    render_text,
)
from hipify_py.reporting.report import Report
from hipify_py.results import FileResult, FileStatus
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable

SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"

SOURCE = b"""#include <cuda_egl_interop.h>
#include <cublas_v2.h>
__device__ unsigned lane() {
  unsigned r;
  asm("mov.u32 %0, %%warpid;" : "=r"(r));
  return r;
}
__global__ void k(float* p) { p[threadIdx.x % 32] = lane(); }
void run(float* p, cublasHandle_t h) {
  k<<<1, 64>>>(p);
  cudaDeviceSynchronize();
  cublasSetStream(h, 0);
  cudaDeviceSetCacheConfig(cudaFuncCachePreferL1);
}
"""


@pytest.fixture
def report(table: MappingTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Report:
    monkeypatch.chdir(tmp_path)
    Path("port.cu").write_bytes(SOURCE)
    Path("clean.cpp").write_bytes(b"int main() { return 0; }\n")
    results = [translate_source(Path(p).read_bytes(), p, table, Settings())
               for p in ("port.cu", "clean.cpp")]
    results.append(FileResult("gone.cu", FileStatus.FAILED, None,
                              (Diagnostic("HPY908", Severity.WARNING, "gone.cu", 1, 1, "vanished"),)))
    return Report.from_results(results, tool_version="0.1.0", settings=Settings(), elapsed=0.5)


def test_totals_and_exit_codes(report: Report) -> None:
    t = report.totals
    assert t.files == 3 and t.by_status == {"translated": 1, "unchanged": 1, "failed": 1}
    assert t.lines == SOURCE.count(b"\n") + 1
    assert t.kernel_launches == 1
    assert t.converted >= 4  # cudaDeviceSynchronize, cublasSetStream, cublasHandle_t, ...
    assert {"HPY200", "HPY300", "HPY403"} <= set(t.by_code)
    assert report.exit_code(Severity.ERROR) == 1
    clean = Report.from_results([r for r in report.results if r.path == "clean.cpp"],
                                tool_version="0", settings=Settings(), elapsed=0)
    assert clean.exit_code(Severity.NOTE) == 0
    assert clean.exit_code(None) == 0
    failed_only = Report.from_results([r for r in report.results if r.path == "gone.cu"],
                                      tool_version="0", settings=Settings(), elapsed=0)
    assert failed_only.exit_code(None) == 1  # a file that could not be processed always fails
    low, high = report.effort_hours
    assert 0 < low < high


def test_json_matches_its_schema(report: Report) -> None:
    schema = json.loads(resources.files("hipify_py.reporting").joinpath("schemas/report-v1.schema.json")
                        .read_text())
    doc = json.loads(render_json(report))
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.validate(doc, schema, cls=jsonschema.Draft7Validator)
    first = next(d for d in doc["diagnostics"] if d["code"] == "HPY300")
    assert first["path"] == "port.cu" and first["line"] == 5 and first["severity"] == "error"
    broken = {**doc, "version": 2}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema, cls=jsonschema.Draft7Validator)


def test_sarif_validates_against_the_official_schema(report: Report) -> None:
    schema = json.loads(SARIF_SCHEMA.read_text())
    doc = json.loads(render_sarif(report))
    validator = jsonschema.Draft4Validator(schema)
    errors = sorted(validator.iter_errors(doc), key=str)
    assert not errors, errors[0]
    run = doc["runs"][0]
    rule_ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    for result in run["results"]:
        assert rule_ids[result["ruleIndex"]] == result["ruleId"]
        assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] in (
            "port.cu", "gone.cu")
    # The validation is real: a result without a message fails it.
    del run["results"][0]["message"]
    assert list(validator.iter_errors(doc))


class _Totals(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ident = dict(attrs).get("id")
        self._current = ident if ident and ident.startswith("total-") else None

    def handle_data(self, data: str) -> None:
        if self._current and data.strip():
            self.values[self._current] = data.strip().split()[0]
            self._current = None


def test_html_report_totals_match_the_json(report: Report) -> None:
    html = render_html(report)
    parser = _Totals()
    parser.feed(html)
    summary = json.loads(render_json(report))["summary"]
    assert int(parser.values["total-files"]) == summary["files"]
    assert int(parser.values["total-lines"]) == summary["lines"]
    assert int(parser.values["total-converted"]) == summary["references_converted"]
    assert int(parser.values["total-unconverted"]) == summary["references_unconverted"]
    assert int(parser.values["total-errors"]) == summary["by_severity"]["error"]
    assert int(parser.values["total-kernel-launches"]) == summary["kernel_launches"]
    assert "mov.u32 %0, %%warpid;" in html  # the finding's code snippet
    assert "<script" not in html


def test_markdown_report_has_tables_and_snippets(report: Report) -> None:
    md = render_markdown(report)
    assert "| files | 3 |" in md
    assert "| HPY300 | inline-ptx | error | 1 |" in md
    assert '>    5    asm("mov.u32 %0, %%warpid;" : "=r"(r));' in md


def test_text_without_color(report: Report) -> None:
    text = render_text(report, color=False, verbose=True)
    assert "port.cu:5:3: HPY300 error: inline PTX assembly" in text
    assert "\x1b[" not in text
    assert "suggestion:" in text
    quiet = render_text(report, color=False, verbose=False)
    assert "HPY202" not in quiet  # notes only when verbose


def test_baseline_round_trip_survives_line_moves(report: Report, tmp_path: Path,
                                                table: MappingTable) -> None:
    base = tmp_path / "baseline.json"
    write_baseline(str(base), report.results)
    accepted = load_baseline(str(base))
    assert not [d for r in accepted.filter(report.results) for d in r.diagnostics]
    moved = b"// a new first line\n" + SOURCE
    Path("port.cu").write_bytes(moved)
    moved_results = [translate_source(moved, "port.cu", table, Settings())]
    assert not [d for r in accepted.filter(moved_results) for d in r.diagnostics]
    # A second, identical finding needs a count of two.
    doubled = SOURCE.replace(b"  return r;", b'  asm("mov.u32 %0, %%warpid;" : "=r"(r));\n  return r;')
    Path("port.cu").write_bytes(doubled)
    left = [d for r in accepted.filter([translate_source(doubled, "port.cu", table, Settings())])
            for d in r.diagnostics]
    assert [d.code for d in left] == ["HPY300"]


@pytest.mark.parametrize("text", ["not json", '{"format": "other"}',
                                  '{"format": "hipify-py/baseline", "version": 1, "findings": [{}]}'])
def test_malformed_baseline_names_the_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / "b.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=r"b\.json"):
        load_baseline(str(path))


def test_sarif_columns_count_utf16_code_units(table: MappingTable, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    source = "/* größe 😀 */ __device__ void f() { asm(\"exit;\"); }\n".encode()
    Path("u.cu").write_bytes(source)
    result = translate_source(source, "u.cu", table, Settings())
    diag = next(d for d in result.diagnostics if d.code == "HPY300")
    assert diag.column == source.index(b"asm") + 1  # bytes, like clang
    report = Report.from_results([result], tool_version="0", settings=Settings(), elapsed=0)
    sarif = json.loads(render_sarif(report))
    region = next(r for r in sarif["runs"][0]["results"] if r["ruleId"] == "HPY300")[
        "locations"][0]["physicalLocation"]["region"]
    text = source.decode()
    assert region["startColumn"] == len(text[: text.index("asm")].encode("utf-16-le")) // 2 + 1


def test_markdown_shows_hostile_names_and_messages_as_text() -> None:
    from hipify_py.reporting.render import code_fence, markdown_text

    hostile = "a`b<img src=x onerror=alert(1)>|*[link](http://x)\x1b[31m.cu"
    shown = markdown_text(hostile)
    assert "<img" not in shown and "\x1b" not in shown and "`" not in shown.replace("\\`", "")
    assert "&lt;img" in shown and "\\|" in shown and "\\x1b" in shown
    assert code_fence(["plain", "has ``` inside"]) == "````"
    assert code_fence(["plain"]) == "```"


def test_terminal_output_shows_escape_sequences_instead_of_obeying_them() -> None:
    from hipify_py.reporting.render import visible

    assert visible("ok.cu") == "ok.cu"
    assert visible("evil\x1b[2J.cu") == "evil\\x1b[2J.cu"


def test_html_findings_are_escaped_and_notes_folded(report: Report) -> None:
    hostile = Diagnostic("HPY908", Severity.WARNING, 'a<b>&"c\'.cu', 3, 1, 'gone <script>&amp; "q"',
                         suggestion="use <x> & 'y'")
    note = Diagnostic("HPY202", Severity.NOTE, "n.cu", 1, 1, "a note")
    html = render_html(Report.from_results(
        [FileResult("n.cu", FileStatus.FAILED, None, (hostile, note))], tool_version="0.1.0",
        settings=Settings(), elapsed=0.5))
    assert ("<code>a&lt;b&gt;&amp;&#34;c&#39;.cu:3:1</code> <span class=\"warning\">warning</span> "
            "<strong>HPY908</strong> gone &lt;script&gt;&amp;amp; &#34;q&#34;</div>\n"
            "<div class=\"meta\">Suggestion: use &lt;x&gt; &amp; &#39;y&#39;</div></div>\n"
            "<details><summary>1 notes (information only)</summary>\n"
            '<div class="finding" data-code="HPY202" data-severity="note">') in html
    only_notes = render_html(Report.from_results(
        [FileResult("n.cu", FileStatus.FAILED, None, (note,))], tool_version="0.1.0",
        settings=Settings(), elapsed=0.5))
    assert "<h2>Findings</h2>\n<p>No errors or warnings.</p><details>" in only_notes
    full = render_html(report)
    assert '<pre><span>    4    unsigned r;</span><span class="hit">    5    asm(' in full


def test_json_report_is_json_dumps_indent_2(report: Report) -> None:
    from hipify_py.reporting.render import report_document

    assert render_json(report) == json.dumps(report_document(report), indent=2) + "\n"


@pytest.mark.parametrize("document", [
    {}, {"a": []}, {"a": {}}, {"a": [{}], "b": [[]]},
    {"a": [1, "x\ny", {"b": [], "c": {"d": [1, 2.5, None, True]}}], "\u00e9": "\u00fc\u2028"},
    {"l": [[1, [2]], [], {}], "t": True, "s": "  \n  "},
])
def test_the_json_report_encoder_is_json_dumps_indent_2(document: dict[str, object]) -> None:
    from hipify_py.reporting.render import indented_json

    assert indented_json(document) == json.dumps(document, indent=2)


@pytest.mark.parametrize("kind", ["html", "md", "json"])
def test_a_rendering_stamped_with_a_run_is_what_rendering_that_run_gives(report: Report,
                                                                           kind: str) -> None:
    """Reports are rendered with markers for the run's time and duration, filled in after (a
    served re-run fills another run's rendering): the result is what the template or
    json.dumps gives with the values themselves, escaped as they escape them."""
    from dataclasses import replace

    from hipify_py.reporting.render import (
        _environment,
        _findings_html,
        _template_context,
        rendered,
        report_document,
    )

    body = rendered(report, kind)
    assert body.marker and body.marker in body.text and "0.50" not in body.text.split("Totals")[0]
    for run in (report, replace(report, created="<then> & 'now'", elapsed=12.3456)):
        if kind == "json":
            direct = json.dumps(report_document(run), indent=2) + "\n"
        else:
            context = _template_context(run, None)
            if kind == "html":  # the template given the findings as markup, all at once
                from markupsafe import Markup

                context["findings_html"] = Markup("".join(_findings_html(context["findings"])))
            template = _environment(kind == "html").get_template(f"report.{kind}.j2")
            direct = template.render(**context, created=run.created,
                                     elapsed=f"{run.elapsed:.2f}")  # its '%.2f'|format
        assert body.stamped(run) == direct
    assert rendered(report, kind).marker != body.marker
