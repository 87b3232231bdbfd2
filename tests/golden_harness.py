"""Golden cases: tests/golden/<area>/<case>.cu (input) -> <case>.cu.hip (expected output).

* Options: an optional <case>.options.yaml maps Settings fields, e.g. `{roc: true,
  hip_version: "5.2"}`.
* Variants: <case>.<variant>.options.yaml translates the same input under other options into
  <case>.cu.<variant>.hip (e.g. `cublas_sgemm.roc.options.yaml` -> `cublas_sgemm.cu.roc.hip`),
  so one input serves the default, --roc and --hipdnn modes.
* Expected diagnostics: `expect: CODE[, CODE...]` inside any comment on the line the finding is
  reported on; `expect[roc,default]: CODE` limits it to those variants (the plain case is
  "default"). Warnings and errors are checked exactly: every one must be annotated and every
  annotation must be met. Notes are checked only for codes the case annotates somewhere.
* Idempotence: translating the expected output again with the same options changes nothing.
* HIPIFY_PY_UPDATE_GOLDEN=1 rewrites the expected outputs from the current translation.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from hipify_py.port.dispatch import port_source
from hipify_py.reporting.diagnostics import Severity
from hipify_py.results import FileResult
from hipify_py.settings import Settings, Version
from hipify_py.tables.mapping_model import MappingTable

GOLDEN = Path(__file__).parent / "golden"
SOURCE_SUFFIXES = (".cu", ".cuh", ".cpp", ".h", ".hpp", ".c", ".cc", ".inl", ".mk", ".cmake")
_EXPECT = re.compile(rb"expect(?:\[([\w,]+)\])?:\s*([A-Z0-9_, ]+)")
DEFAULT = "default"


@dataclass(frozen=True)
class GoldenCase:
    source: Path
    variant: str = DEFAULT

    @property
    def expected(self) -> Path:
        suffix = ".hip" if self.variant == DEFAULT else f".{self.variant}.hip"
        return self.source.with_name(self.source.name + suffix)

    @property
    def options(self) -> Path:
        stem = self.source.name.split(".")[0]
        middle = "" if self.variant == DEFAULT else f".{self.variant}"
        return self.source.with_name(f"{stem}{middle}.options.yaml")

    @property
    def id(self) -> str:
        name = str(self.source.relative_to(GOLDEN))
        return name if self.variant == DEFAULT else f"{name}[{self.variant}]"

    def settings(self) -> Settings:
        if not self.options.exists():
            return Settings()
        raw = yaml.safe_load(self.options.read_text()) or {}
        if "hip_version" in raw:
            raw["hip_version"] = Version.parse(str(raw["hip_version"]))
        if "cuda_version" in raw:
            raw["cuda_version"] = Version.parse(str(raw["cuda_version"]))
        for key in ("include_dirs", "defines", "mapping_files", "offload_arch"):
            if key in raw:
                raw[key] = tuple(raw[key])
        return Settings(**raw)


def golden_cases() -> list[GoldenCase]:
    cases = []
    for source in GOLDEN.rglob("*"):
        if source.suffix not in SOURCE_SUFFIXES or not source.is_file():
            continue
        cases.append(GoldenCase(source))
        stem = source.name.split(".")[0]
        for options in source.parent.glob(f"{stem}.*.options.yaml"):
            variant = options.name[len(stem) + 1 : -len(".options.yaml")]
            cases.append(GoldenCase(source, variant))
    return sorted(cases, key=lambda c: c.id)


def expected_codes(data: bytes, variant: str | None = None) -> set[tuple[int, str]]:
    """(line, code) annotations for a variant; None: every annotation of every variant."""
    out = set()
    for lineno, line in enumerate(data.split(b"\n"), start=1):
        for m in _EXPECT.finditer(line):
            tags = m.group(1)
            if variant is not None and tags is not None and variant not in tags.decode().split(","):
                continue
            for code in m.group(2).decode().replace(" ", "").split(","):
                if code:
                    out.add((lineno, code))
    return out


def translate_case(case: GoldenCase, table: MappingTable, data: bytes | None = None) -> FileResult:
    data = case.source.read_bytes() if data is None else data
    settings = case.settings()
    from hipify_py.port.local_headers import local_resolver

    resolve = local_resolver(str(case.source), settings.include_dirs,
                             is_cuda_header=table.is_cuda_header)
    return port_source(data, case.source.name, table, settings, resolve_local=resolve)


def check_case(case: GoldenCase, table: MappingTable) -> None:
    data = case.source.read_bytes()
    result = translate_case(case, table)
    assert result.output is not None
    if os.environ.get("HIPIFY_PY_UPDATE_GOLDEN") == "1":
        case.expected.write_bytes(result.output)
    assert case.expected.exists(), f"missing expected output {case.expected}"
    expected = case.expected.read_bytes()
    assert result.output.decode("utf-8", "replace") == expected.decode("utf-8", "replace")
    assert result.output == expected  # byte-exact (CRLF, BOM, Latin-1)

    wanted = expected_codes(data, case.variant)
    annotated = {code for _, code in wanted}
    got = {
        (d.line, d.code)
        for d in result.diagnostics
        if d.severity >= Severity.WARNING or d.code in annotated
    }
    missing = sorted(wanted - got)
    unexpected = sorted(got - wanted)
    detail = "\n".join(
        f"  {d.line}:{d.column} {d.code} {d.message}" for d in result.diagnostics
    )
    assert not missing and not unexpected, (
        f"diagnostics differ\n  missing: {missing}\n  unexpected: {unexpected}\n{detail}"
    )

    again = translate_case(case, table, expected)
    assert again.output == expected, "not idempotent: translating the output changed it"
