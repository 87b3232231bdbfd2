"""The layers the folders promise (docs/design.md, "Layers"): every import of a hipify_py module
points down the table, never up or sideways, and no modules import each other in a loop.

Every module under src/hipify_py is parsed with `ast`: imports at the top, inside functions and
under TYPE_CHECKING alike (`from hipify_py.x import y`, `import hipify_py.x`, relative imports).
The checker is also given planted edges, so that a test that cannot fail is caught too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

# Top first. A module may import any module of a lower layer, and modules of its own package;
# within a shared layer, any module of that layer. Units are packages or top-level modules
# (`hipify_py` alone is the package's __init__: the version).
LAYERS: tuple[tuple[str, tuple[str, ...], bool], ...] = (  # (layer, units, shared)
    ("entry", ("hipify_py.cli", "hipify_py.__main__", "hipify_py.api"), True),
    ("port", ("hipify_py.port", "hipify_py.verify"), False),
    ("porters", ("hipify_py.shim", "hipify_py.buildfiles"), False),
    ("engine", ("hipify_py.engine",), False),
    ("tables", ("hipify_py.tables",), False),
    ("base", ("hipify_py.reporting", "hipify_py.settings", "hipify_py.results",
              "hipify_py.errors", "hipify_py.config", "hipify_py.files", "hipify_py.cache_files",
              "hipify_py"), True),
)


def module_name(relative: str) -> tuple[str, bool]:
    """The module a file under src is, and whether it is a package's __init__.py:
    hipify_py/port/runner.py -> (hipify_py.port.runner, False)."""
    parts = relative.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def imports(sources: Mapping[str, str]) -> dict[str, set[tuple[str, int]]]:
    """module -> {(hipify_py module it imports, line)} for sources given as {path relative to
    src: text}. `from P import n` names the module P.n where there is one, else P."""
    names = dict(module_name(path) for path in sources)
    out: dict[str, set[tuple[str, int]]] = {}
    for path, text in sources.items():
        module, is_package = module_name(path)
        edges = out.setdefault(module, set())
        for node in ast.walk(ast.parse(text, path)):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    edges.update((t, node.lineno) for t in [_known(alias.name, names)] if t)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    package = module.split(".") if is_package else module.split(".")[:-1]
                    package = package[: len(package) - (node.level - 1)]
                    base = ".".join([*package, *([base] if base else [])])
                if base != "hipify_py" and not base.startswith("hipify_py."):
                    continue
                for alias in node.names:
                    target = f"{base}.{alias.name}" if f"{base}.{alias.name}" in names else base
                    edges.add((_known(target, names) or target, node.lineno))
    return out


def _known(name: str, names: Mapping[str, bool]) -> str | None:
    """The longest hipify_py module that `name` is or lies in (None: not ours)."""
    if name != "hipify_py" and not name.startswith("hipify_py."):
        return None
    parts = name.split(".")
    while parts and ".".join(parts) not in names:
        parts.pop()
    return ".".join(parts) or name


def place(module: str) -> tuple[int, str]:
    """(layer rank, 0 at the top; unit) of a module; KeyError for one no layer holds."""
    for rank, (_, units, _) in enumerate(LAYERS):
        for unit in units:
            if module == unit or (unit != "hipify_py" and module.startswith(unit + ".")):
                return rank, unit
    raise KeyError(f"{module} is in no layer: add its package to LAYERS and docs/design.md")


def forbidden(graph: Mapping[str, Iterable[tuple[str, int]]]) -> list[str]:
    """Every import against the table, as 'a:line imports b (layer -> layer)'."""
    out = []
    for module, edges in sorted(graph.items()):
        rank, unit = place(module)
        for target, line in sorted(edges):
            to_rank, to_unit = place(target)
            if to_rank > rank or to_unit == unit or (to_rank == rank and LAYERS[rank][2]):
                continue
            out.append(f"{module}:{line} imports {target} "
                       f"({LAYERS[rank][0]} -> {LAYERS[to_rank][0]})")
    return out


def cycles(graph: Mapping[str, Iterable[tuple[str, int]]]) -> list[list[str]]:
    """The import loops among modules (each a strongly connected set of two or more, or a
    module importing itself), sorted."""
    succ = {m: sorted({t for t, _ in edges}) for m, edges in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(root: str) -> None:  # Tarjan's, iterative: no recursion limit to meet
        work: list[tuple[str, Iterator[str]]] = [(root, iter(succ.get(root, ())))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(succ.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1 or node in succ.get(node, ()):
                    found.append(sorted(members))

    for module in sorted(succ):
        if module not in index:
            visit(module)
    return sorted(found)


def package_sources() -> dict[str, str]:
    return {p.relative_to(SRC).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted((SRC / "hipify_py").rglob("*.py"))}


@pytest.fixture(scope="module")
def graph() -> dict[str, set[tuple[str, int]]]:
    return imports(package_sources())


def test_every_module_is_in_a_layer(graph: dict[str, set[tuple[str, int]]]) -> None:
    for module in graph:
        place(module)


def test_imports_go_down_the_layers_only(graph: dict[str, set[tuple[str, int]]]) -> None:
    assert forbidden(graph) == []


def test_no_modules_import_each_other_in_a_loop(graph: dict[str, set[tuple[str, int]]]) -> None:
    assert cycles(graph) == []


def test_the_engine_imports_neither_the_port_layer_nor_the_shim_nor_build_files(
        graph: dict[str, set[tuple[str, int]]]) -> None:
    """The issue's three edges by name (the table forbids them; this says which they were)."""
    for module, edges in graph.items():
        if module.startswith("hipify_py.engine"):
            assert not [t for t, _ in edges
                        if t.split(".")[1] in ("port", "shim", "buildfiles")], module


# --- the checker itself: planted edges must be caught ----------------------------------------

SYNTHETIC = {
    "hipify_py/__init__.py": '__version__ = "0"\n',
    "hipify_py/settings.py": "",
    "hipify_py/engine/__init__.py": "",
    "hipify_py/engine/translate.py": "from hipify_py.settings import Settings\n",
    "hipify_py/shim/__init__.py": "",
    "hipify_py/shim/needs.py": "from hipify_py.engine.translate import plan_source\n",
    "hipify_py/port/__init__.py": "",
    "hipify_py/port/runner.py": "from hipify_py.port import run_record\n",
    "hipify_py/port/run_record.py": "from hipify_py.port.run_values import RunOutcome\n",
    "hipify_py/port/run_values.py": "",
}


def _synthetic(planted: Mapping[str, str] | None = None) -> dict[str, set[tuple[str, int]]]:
    return imports({**SYNTHETIC, **(planted or {})})


def test_the_synthetic_tree_passes() -> None:
    graph = _synthetic()
    assert forbidden(graph) == [] and cycles(graph) == []
    assert graph["hipify_py.port.runner"] == {("hipify_py.port.run_record", 1)}


@pytest.mark.parametrize("source", [
    "from hipify_py.shim.needs import collect\n",  # top level
    "def f():\n    from hipify_py.shim import needs\n",  # in a function
    "import typing\nif typing.TYPE_CHECKING:\n    import hipify_py.shim.needs\n",
    "from ..shim import needs\n",  # relative
    "from ..port.runner import run\n",  # up two layers
])
def test_a_planted_upward_import_is_caught(source: str) -> None:
    found = forbidden(_synthetic({"hipify_py/engine/translate.py": source}))
    assert len(found) == 1 and found[0].startswith("hipify_py.engine.translate:"), found


def test_a_planted_sideways_import_is_caught() -> None:
    graph = _synthetic({"hipify_py/buildfiles/__init__.py": "",
                        "hipify_py/buildfiles/cmake.py": "from hipify_py.shim.needs import Need\n"})
    assert forbidden(graph) == [
        "hipify_py.buildfiles.cmake:1 imports hipify_py.shim.needs (porters -> porters)"]


def test_a_planted_loop_is_caught() -> None:
    graph = _synthetic({"hipify_py/port/run_values.py":
                        "def f():\n    from hipify_py.port import runner\n"})
    assert forbidden(graph) == []  # same package: allowed by the table, not as a loop
    assert cycles(graph) == [["hipify_py.port.run_record", "hipify_py.port.run_values",
                              "hipify_py.port.runner"]]


def test_a_module_in_no_layer_is_caught() -> None:
    with pytest.raises(KeyError, match=r"hipify_py\.plugins"):
        forbidden(_synthetic({"hipify_py/plugins.py": "from hipify_py.settings import Settings\n"}))
