"""Every golden case: expected output, expected diagnostics, idempotence."""

from __future__ import annotations

import pytest

from golden_harness import GoldenCase, check_case, golden_cases
from hipify_py.tables.mapping_model import MappingTable

CASES = golden_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_golden(case: GoldenCase, table: MappingTable) -> None:
    check_case(case, table)
