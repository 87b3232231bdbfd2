"""Every scan is linear (issue 30, point 4): translating a pathological input twice as long
takes about twice the work, never four times. Work is counted (lines of hipify_py run), not
timed; each input also has a budget of work per byte, which stops a quadratic scan early
instead of letting it run for minutes."""

from __future__ import annotations

import pytest

from hipify_py.engine.translate import translate_source
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable
from shapes import OPTIONS, SHAPES
from work import count_lines

LINES = 400  # then 800 and 1,600
# Lines of hipify_py run per byte of input: the costliest shape (ballots and masks, every
# token a rule's business) needs about 25; a scan that is quadratic exceeds 80 by 1,600 lines.
BUDGET_PER_BYTE = 80


def _work(name: str, lines: int, table: MappingTable) -> int:
    data = SHAPES[name](lines).encode()
    path, options = OPTIONS.get(name, ("shape.cu", {}))
    settings = Settings(**options)  # type: ignore[arg-type]
    _, work = count_lines(lambda: translate_source(data, path, table, settings),
                          budget=BUDGET_PER_BYTE * len(data) + 50_000)
    return work


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_work_grows_linearly(name: str, table: MappingTable) -> None:
    _work(name, 20, table)  # once first: what is done once per process (caches) is not counted
    small, medium, large = (_work(name, LINES * k, table) for k in (1, 2, 4))
    # Linear: the second doubling adds as much again as the first (2x); quadratic: 4x. The
    # differences cancel what every run does whatever its size.
    assert large - medium <= 2.25 * (medium - small) + 1_000, (small, medium, large)
