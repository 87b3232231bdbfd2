"""The edit planner and applier: sorting, duplicates, conflicts, composites."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hipify_py.engine.edits import Edit, apply_edits, plan_edits
from work import count_lines


def apply(data: bytes, *edits: Edit) -> bytes:
    plan = plan_edits(edits)
    assert plan.ok, plan.conflicts
    return apply_edits(data, plan.edits)


def test_replacements_and_insertions() -> None:
    data = b"cudaMalloc(&p, n);"
    out = apply(data, Edit(0, 10, b"hipMalloc"), Edit(11, 11, b"("), Edit(13, 13, b")"))
    assert out == b"hipMalloc((&p), n);"


def test_exact_duplicates_are_dropped() -> None:
    assert apply(b"abc", Edit(0, 1, b"x"), Edit(0, 1, b"x")) == b"xbc"


def test_insertions_at_one_offset_keep_their_order() -> None:
    assert apply(b"ab", Edit(1, 1, b"1"), Edit(1, 1, b"2")) == b"a12b"


def test_insertion_at_a_replacement_boundary_is_fine() -> None:
    assert apply(b"abc", Edit(1, 2, b"X"), Edit(1, 1, b"<"), Edit(2, 2, b">")) == b"a<X>c"


@pytest.mark.parametrize(
    "edits",
    [
        (Edit(0, 3, b"x"), Edit(2, 4, b"y")),  # overlapping replacements
        (Edit(0, 3, b"x"), Edit(1, 1, b"i")),  # insertion strictly inside a replacement
        (Edit(0, 2, b"x"), Edit(0, 2, b"y")),  # same range, different text
    ],
)
def test_conflicts_are_reported(edits: tuple[Edit, ...]) -> None:
    assert not plan_edits(edits).ok


def test_composite_applies_nested_edits_inside_its_pieces() -> None:
    data = b"k<<<g, b>>>(cudaA, x);"
    launch = Edit(0, 21, pieces=(b"launch(", (0, 1), b", dim3(", (4, 5), b"), dim3(", (7, 8),
                                 b"), 0, 0, ", (12, 20), b")"))
    out = apply(data, launch, Edit(12, 17, b"hipA"), Edit(12, 12, b"W("), Edit(17, 17, b")"))
    assert out == b"launch(k, dim3(g), dim3(b), 0, 0, W(hipA), x);"


def test_composite_drops_edits_in_text_it_drops() -> None:
    data = b"f(a, cudaB, c)"
    remove_middle = Edit(2, 13, pieces=((2, 3), b", ", (12, 13)))
    assert apply(data, remove_middle, Edit(5, 10, b"hipB")) == b"f(a, c)"


def test_edit_straddling_a_piece_boundary_conflicts() -> None:
    composite = Edit(0, 10, pieces=((0, 5), b"|", (5, 10)))
    assert not plan_edits([composite, Edit(4, 6, b"x")]).ok


def test_bad_ranges_are_rejected() -> None:
    with pytest.raises(ValueError):
        Edit(5, 2, b"")
    with pytest.raises(ValueError):
        Edit(0, 4, pieces=((3, 9),))


@given(
    data=st.binary(min_size=1, max_size=60),
    raw=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 8), st.binary(max_size=4)),
                 max_size=8),
)
def test_untouched_bytes_survive(data: bytes, raw: list[tuple[int, int, bytes]]) -> None:
    edits = []
    for start, length, text in raw:
        start = min(start, len(data))
        edits.append(Edit(start, min(len(data), start + length), text))
    plan = plan_edits(edits)
    if not plan.ok:
        return
    out = apply_edits(data, plan.edits)
    # Everything before the first edit and after the last is unchanged.
    if plan.edits:
        first = min(e.start for e in plan.edits)
        last = max(e.end for e in plan.edits)
        assert out.startswith(data[:first])
        assert out.endswith(data[last:])
    else:
        assert out == data


def test_two_wrappers_of_one_argument_nest(tmp_path: Path) -> None:
    from hipify_py.engine.translate import translate_source
    from hipify_py.settings import Settings
    from hipify_py.tables.mappings import load_mapping_table

    extra = tmp_path / "extra.yaml"
    extra.write_text(
        "family: runtime\nentries:\n"
        "  cudaFuncSetCacheConfig: {hip: hipFuncSetCacheConfig, args: ["
        "{action: cast_argument, index: 0, value: \"reinterpret_cast<const void*>\"},"
        "{action: wrap_argument, index: 0, value: outer}]}\n")
    table = load_mapping_table([extra], use_cache=False)
    out = translate_source(b"void f() { cudaFuncSetCacheConfig(kern, cudaFuncCachePreferL1); }\n",
                           "w.cu", table, Settings()).output
    assert out is not None
    assert b"hipFuncSetCacheConfig(outer(reinterpret_cast<const void*>(kern)), " in out


@pytest.mark.parametrize("depth", [3, 5000])
def test_composites_nested_thousands_deep_apply_in_linear_work(depth: int) -> None:
    """Calls nested in calls, each rebuilt from pieces (issue 30): planning and applying
    recursed once per level (a RecursionError past 1,000) and filtered every level's edits."""
    data = b"f(" * depth + b"x" + b")" * depth
    size = len(data)
    edits = [Edit(2 * k, size - k, b"", "arguments", (b"g(", (2 * k + 2, size - k - 1), b")"))
             for k in range(depth)]
    edits.append(Edit(2 * depth, 2 * depth + 1, b"y", "identifiers"))

    def plan_and_apply() -> bytes:
        plan = plan_edits(edits)
        assert plan.ok
        return apply_edits(data, plan.edits)
    output, _ = count_lines(plan_and_apply, budget=1_000 + 100 * depth)
    assert output == b"g(" * depth + b"y" + b")" * depth
