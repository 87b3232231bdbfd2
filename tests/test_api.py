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


def test_shim_tree_writes_a_folder_and_check_finds_a_new_name(tmp_path: Path) -> None:
    from hipify_py.api import shim_tree

    (tmp_path / "src").mkdir()
    source = tmp_path / "src" / "k.cu"
    source.write_text("void f(float **p) { cudaMalloc(p, 4); }\n")
    report = shim_tree([str(tmp_path / "src")], str(tmp_path / "shim"), use_cache=False)
    assert report.exit_code() == 0
    assert "#define cudaMalloc hipMalloc" in (tmp_path / "shim" / "hipify_shim.h").read_text()
    source.write_text(source.read_text() + "void g() { cudaDeviceReset(); }\n")
    checked = shim_tree([str(tmp_path / "src")], str(tmp_path / "shim"), use_cache=False,
                        check=True)
    assert checked.exit_code() == 1
    assert [(f.code, f.line) for f in checked.findings if f.code == "HPY701"] == [("HPY701", 2)]
