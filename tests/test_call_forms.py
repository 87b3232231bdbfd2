"""The form of a call CUDA 13 changed without changing its argument count, read off the type
of the argument that differs (engine/rules/call_forms.py); the goldens in tests/golden/cuda13
show the common cases, these the rest of what a type can be seen from, and the cost."""

from __future__ import annotations

import pytest

from hipify_py.api import translate_text
from hipify_py.engine.rules import declarations

PRELUDE = """#include <cuda_runtime.h>
struct Cfg { int gpu; cudaMemLocation place; };
static int pick_device();
"""


def _advise(arg: str, before: str = "", path: str = "input.cu") -> tuple[str, set[str]]:
    """What cudaMemAdvise with `arg` as its last argument becomes, and the codes on its line."""
    text = (PRELUDE + "void f(float* p, size_t n, const cudaMemLocation* where, int* devices,\n"
            "       const Cfg* cfg, int i) {\n" + before
            + f"  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, {arg});\n}}\n")
    result = translate_text(text, path=path, hip_version="7.2")
    assert isinstance(result.output, str)
    line = next(n for n, t in enumerate(result.output.splitlines(), 1) if "MemAdvise(" in t
                or "MemAdvise_v2(" in t)
    call = result.output.splitlines()[line - 1].split("(")[0].strip()
    return call, {f.code for f in result.findings if f.line == line}


@pytest.mark.parametrize(("arg", "before", "becomes"), [
    ("(int)i", "", "hipMemAdvise"),
    ("static_cast<int>(i)", "", "hipMemAdvise"),
    ("devices[i]", "", "hipMemAdvise"),
    ("*devices", "", "hipMemAdvise"),
    ("cfg->gpu", "", "hipMemAdvise"),
    ("pick_device()", "", "hipMemAdvise"),
    ("-1", "", "hipMemAdvise"),
    ("i % 2 + 1", "", "hipMemAdvise"),
    ("*where", "", "hipMemAdvise_v2"),
    ("where[1]", "", "hipMemAdvise_v2"),
    ("cfg->place", "", "hipMemAdvise_v2"),
    ("(cudaMemLocation){cudaMemLocationTypeDevice, i}", "", "hipMemAdvise_v2"),
    ("loc", "  auto loc = where[0];\n  loc.type = cudaMemLocationTypeHost;\n", "hipMemAdvise_v2"),
    ("gpu", "  int gpu = i;\n", "hipMemAdvise"),
])
def test_the_type_of_the_argument_picks_the_form_silently(arg: str, before: str,
                                                           becomes: str) -> None:
    assert _advise(arg, before) == (becomes, set())


@pytest.mark.parametrize("arg", ["i ? 0 : 1", "auto_device", "where->id ? 0 : 1", "sizeof(int)"])
def test_an_unseen_type_is_read_as_the_cuda_version_says_with_a_warning(arg: str) -> None:
    before = "  auto auto_device = pick_device();\n"
    assert _advise(arg, before) == ("hipMemAdvise_v2", {"HPY156"})  # 13.0, the default


def test_a_use_after_return_or_in_another_function_is_no_declaration() -> None:
    # `return gpu;` is a use; the `int gpu` of another function is out of scope here
    before = "  { int gpu = 0; (void)gpu; }\n"
    assert _advise("gpu", before)[1] == {"HPY156"}


def test_declarations_are_found_once_per_name_whatever_the_number_of_calls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each use of a name must not rescan its occurrences (40,000 calls on one variable took
    minutes when every call walked back through the uses before it)."""
    count = 0
    words_before = declarations._words_before

    def counting(*args: object) -> object:
        nonlocal count
        count += 1
        return words_before(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(declarations, "_words_before", counting)
    calls = 2000
    body = "".join("  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, dev);\n"
                   "  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, cfg.gpu);\n"
                   for _ in range(calls))
    text = (PRELUDE + "int dev;\nvoid f(float* p, size_t n, Cfg cfg) {\n" + body + "}\n")
    result = translate_text(text, hip_version="7.2")
    assert isinstance(result.output, str) and "hipMemAdvise_v2" not in result.output
    assert not result.findings
    # each occurrence of dev and gpu read once (the quadratic walk read about calls**2 of them)
    assert count <= 2 * calls + 10
