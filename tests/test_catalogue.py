"""The diagnostic catalogue: every code is triggered by a golden case (or, for codes about
files and processes, by a named test), and docs/diagnostics.md is up to date."""

from __future__ import annotations

import re
from pathlib import Path

from golden_harness import GOLDEN, expected_codes, golden_cases
from hipify_py.engine.edits import Edit
from hipify_py.engine.rules.base import Context, RuleOutput
from hipify_py.engine.translate import translate_source
from hipify_py.reporting.diagnostics import CATALOGUE, Finding
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable
from hipify_py.tables.mappings import load_mapping_table
from script_modules import load_script

TESTS = Path(__file__).parent
ROOT = TESTS.parent

# Codes that are about files, outputs or the compiler, not about source text: covered by the
# named tests instead of golden cases.
COVERED_ELSEWHERE = {
    "HPY107": "test_catalogue.py",  # no built-in cuComplex name lacks a HIP equivalent
    "HPY203": "test_runner.py",  # needs a tree: a header also included by host-only code
    "HPY700": "test_shim.py",  # the shim's codes: annotated in tests/shim_cases, or a tree
    "HPY701": "test_shim.py",
    "HPY702": "test_shim.py",
    "HPY900": "test_catalogue.py",  # rules do not conflict by design; forced here
    "HPY902": "test_runner.py",
    "HPY903": "test_runner.py",
    "HPY904": "test_translate_inputs.py",
    "HPY905": "test_runner.py",
    "HPY906": "test_runner.py",
    "HPY907": "test_runner.py",
    "HPY908": "test_runner.py",
    "HPY909": "test_translate_inputs.py",
    "HPY912": "test_mirror.py",
    "HPY913": "test_safety.py",
    "HPY914": "test_safety.py",
    "HPY915": "test_safety.py",
    "HPY920": "test_compile.py",
    "HPY921": "test_compile.py",
}


def test_every_code_is_triggered_by_a_golden_case_or_a_named_test() -> None:
    annotated = {code for case in golden_cases() for _, code in expected_codes(case.source.read_bytes())}
    missing = []
    for code in CATALOGUE:
        if code in annotated:
            continue
        where = COVERED_ELSEWHERE.get(code)
        if where is None or code not in (TESTS / where).read_text():
            missing.append(code)
    assert not missing, f"codes with no golden case or named test: {missing}"
    assert GOLDEN.is_dir()


def test_unknown_codes_are_not_annotated() -> None:
    for case in golden_cases():
        for line, code in expected_codes(case.source.read_bytes()):
            assert code in CATALOGUE, f"{case.id}:{line}: unknown code {code}"


def test_hpy107_for_an_unsupported_cucomplex_name(tmp_path: Path) -> None:
    extra = tmp_path / "extra.yaml"
    extra.write_text("family: cucomplex\nentries:\n  cuCfmaf: {status: unsupported}\n")
    table = load_mapping_table([extra], use_cache=False)
    result = translate_source(b"cuFloatComplex f(cuFloatComplex a) { return cuCfmaf(a, a, a); }\n",
                              "c.cu", table, Settings())
    assert [d.code for d in result.diagnostics if d.code.startswith("HPY1")] == ["HPY107"]


def test_hpy900_overlapping_edits_leave_the_file_unchanged(table: MappingTable) -> None:
    def clashing(ctx: Context) -> list[RuleOutput]:
        return [Edit(0, 4, b"AAAA", "first"), Edit(2, 6, b"BBBB", "second"),
                Finding("HPY500", 0, 0, "unrelated")]

    data = b"void f() { cudaFree(0); }\n"
    result = translate_source(data, "c.cu", table, Settings(), rules=(clashing,))
    assert result.output == data
    assert "HPY900" in [d.code for d in result.diagnostics]


def test_diagnostics_doc_is_up_to_date() -> None:
    module = load_script("gen_diagnostics_doc")
    committed = (ROOT / "docs" / "diagnostics.md").read_text()
    assert committed == module.render(), "run: python scripts/gen_diagnostics_doc.py"
    for code in CATALOGUE:
        assert re.search(rf"^## {code} ", committed, re.M)
