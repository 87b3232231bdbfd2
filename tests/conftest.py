from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from hipify_py.tables.mapping_model import MappingTable


@pytest.fixture(scope="session")
def table() -> MappingTable:
    from hipify_py.tables.mappings import load_mapping_table

    return load_mapping_table()
