"""The Python API's documented examples run: the module's docstrings and docs/api.md."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import hipify_py.api

DOCS = Path(__file__).resolve().parents[1] / "docs" / "api.md"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


def test_the_module_examples_run() -> None:
    failures, tried = doctest.testmod(hipify_py.api, optionflags=doctest.ELLIPSIS)
    assert tried >= 10 and failures == 0


def test_the_docs_page_examples_run() -> None:
    failures, tried = doctest.testfile(str(DOCS), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried >= 8 and failures == 0


def test_both_outputs_at_once_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        hipify_py.api.translate_tree([str(tmp_path)], output_dir=str(tmp_path / "o"),
                                     in_place=True)
