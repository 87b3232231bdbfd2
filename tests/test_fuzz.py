"""Fuzzing with a seeded generator of our own (issue 30): random, truncated and nested inputs
for the configuration and baseline loaders and for the launch and include scanners. Each input
may only end in a documented outcome (a value, ConfigError, ValueError or OSError; for the
command line exit 0, 1 or 2, never 3), within a bound on work proportional to its size (lines
of hipify_py run, counted: tests/work.py), so the next quadratic scan or unguarded recursion is
found here before a user finds it.

A failure names its seed and case number: `_case(seed, k)` rebuilds the input.
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hipify_py.cli import app
from hipify_py.config import ConfigError, ProjectConfig, load_project_config
from hipify_py.engine.parsing import parse_source
from hipify_py.engine.syntax import Syntax
from hipify_py.engine.translate import translate_source
from hipify_py.reporting.baseline import FORMAT, Baseline, load_baseline
from hipify_py.results import FileResult, FileStatus
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable
from work import count_lines

SEED = 30  # fixed: a failure reproduces; change it locally to explore further
GOLDEN = Path(__file__).parent / "golden"


def _mutate(rng: random.Random, text: str) -> str:
    """Truncate, cut a span out, duplicate one or drop in a stray character, at random."""
    if not text:
        return text
    a, b = sorted(rng.randrange(len(text) + 1) for _ in range(2))
    choice = rng.randrange(5)
    if choice == 0:
        return text[:a]  # truncated
    if choice == 1:
        return text[:a] + text[b:]
    if choice == 2:
        return text[:b] + text[a:b] * rng.randint(1, 4) + text[b:]
    if choice == 3:
        return text[:a] + rng.choice("[]{}()<>\"'#\\\n\0=,;*/") + text[a:]
    return text


# --- the configuration loader -------------------------------------------------------------------
_KEYS = ["fail-on", "ignore", "include", "exclude", "mappings", "hip-version", "roc",
         "experimental", "format", "fail_on", "unknown", "tool"]


def _toml_value(rng: random.Random, depth: int = 0) -> str:
    kind = rng.randrange(12 if depth < 4 else 8)
    if kind == 0:
        return json.dumps(rng.choice(["error", "warning", "none", "note", "HPY101", "7.2",
                                      "6.1.0", "", "x.y", "[z-a]", "*.cu", "vendor/", "\u0000",
                                      "../up", "/", "é", "SARIF", "json"]))
    if kind == 1:
        return str(rng.choice([0, 1, -1, 6, 2**64, 10**30]))
    if kind == 2:
        return rng.choice(["1e999", "-1e999", "nan", "inf", "6.1", "0.0", "-0.0"])
    if kind == 3:
        return rng.choice(["true", "false"])
    if kind == 4:
        return rng.choice(["1979-05-27", "07:32:00", "1979-05-27T07:32:00Z"])
    if kind == 5:
        return '"' + "".join(rng.choice(string.printable[:94]).replace('"', "'").replace(
            "\\", "/") for _ in range(rng.randrange(12))) + '"'
    if kind == 6:  # nested deeply enough to exhaust a recursive parser
        n = rng.choice([2, 50, 2000])
        return "[" * n + "]" * n
    if kind == 7:
        n = rng.choice([2, 2000])
        return "{a = " * n + "1" + "}" * n
    if kind in (8, 9):
        return "[" + ", ".join(_toml_value(rng, depth + 1) for _ in range(rng.randrange(4))) + "]"
    return "{" + ", ".join(f'"{rng.choice(_KEYS)}{k}" = {_toml_value(rng, depth + 1)}'
                           for k in range(rng.randrange(3))) + "}"


def _pyproject(rng: random.Random) -> str:
    lines = []
    if rng.random() < 0.3:
        lines += ["[project]", 'name = "x"']
    if rng.random() < 0.15:
        lines.append(f"tool = {_toml_value(rng)}")
    else:
        lines.append(rng.choice(["[tool.hipify-py]", "[tool]", "[tool.other]", "[[tool.hipify-py]]"]))
        for key in rng.sample(_KEYS, rng.randrange(4)):
            lines.append(f'"{key}" = {_toml_value(rng)}')
    text = "\n".join(lines) + "\n"
    return _mutate(rng, text) if rng.random() < 0.3 else text


def _case(seed: int, k: int) -> random.Random:
    return random.Random(f"{seed}/{k}")


@pytest.mark.parametrize("k", range(0, 300, 30))
def test_the_configuration_loader_fails_only_as_documented(k: int, tmp_path: Path) -> None:
    for case in range(k, k + 30):
        text = _pyproject(_case(SEED, case))
        (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8", errors="surrogatepass")

        def load(tmp_path: Path = tmp_path) -> ProjectConfig | ConfigError | None:
            try:
                return load_project_config(tmp_path)
            except ConfigError as exc:
                return exc
        got, _ = count_lines(load, budget=20_000 + 50 * len(text))
        assert got is None or isinstance(got, (ProjectConfig, ConfigError)), (case, text)


# --- the baseline loader ------------------------------------------------------------------------
def _json_value(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.choice(["src/k.cu", "HPY101", "", "\u0000", "abc123", "é"])
    if kind == 1:
        return rng.choice([0, 1, -1, 2, 10**30, 1.5, True, False, None])
    if kind == 2:
        return float(rng.choice(["inf", "-inf", "nan", "1e308"]))
    if kind in (3, 4, 5):
        return {"path": "src/k.cu", "code": "HPY101", "line_hash": "0" * 16, "count": 1}
    if kind == 6:
        return [_json_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["path", "code", "cuda_name", "line_hash", "count", "x"]):
            _json_value(rng, depth + 1) for _ in range(rng.randrange(5))}


def _baseline(rng: random.Random) -> bytes:
    doc: dict[str, object] = {"format": rng.choice([FORMAT, FORMAT, "other", 1]),
                              "version": rng.choice([1, 1, 1, 2, True, 1.0, "1", None])}
    if rng.random() < 0.9:
        doc["findings"] = rng.choice([
            [_json_value(rng) for _ in range(rng.randrange(6))], _json_value(rng)])
    text = json.dumps(doc, allow_nan=True)
    shape = rng.randrange(10)
    if shape == 0:  # nested deeper than a recursive decoder goes
        n = rng.choice([100, 100_000])
        text = text.replace('"findings": ', '"findings": ' + "[" * n, 1).rstrip("}") + "]" * n + "}"
    elif shape == 1:
        text = text.replace('"count": 1', '"count": ' + "9" * rng.choice([10, 5000]), 1)
    elif shape == 2:
        text = _mutate(rng, text)
    data = text.encode("utf-8", "surrogatepass")
    if shape == 3:
        data = rng.choice([b"\xff\xfe", b"\x00" * 3, b""]) + data
    return data


@pytest.mark.parametrize("k", range(0, 300, 30))
def test_the_baseline_loader_fails_only_as_documented(k: int, tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    result = FileResult(str(tmp_path / "k.cu"), FileStatus.UNCHANGED, b"")
    for case in range(k, k + 30):
        data = _baseline(_case(SEED, case))
        path.write_bytes(data)

        def load(case: int = case) -> Baseline | Exception:
            try:
                baseline = load_baseline(str(path))
            except (ValueError, OSError) as exc:  # documented: the file named in the message
                assert str(path) in str(exc), (case, exc)
                return exc
            baseline.filter([result])
            return baseline
        count_lines(load, budget=20_000 + 20 * len(data))


@pytest.mark.parametrize("kind", ["pyproject", "baseline"])
def test_the_command_line_exits_2_never_3_on_bad_input(kind: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """What the loaders accept, the command line uses: a bad value there is the user's to fix
    (exit 2 with a message), never an internal error (exit 3)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path / ".cache"))
    (tmp_path / "k.cu").write_text("void f(float **p) { cudaMalloc(p, 4); }\n")
    for case in range(40):
        rng = _case(SEED + 1, case)
        args = ["check", "k.cu", "-q", "--no-cache"]
        if kind == "pyproject":
            (tmp_path / "pyproject.toml").write_text(_pyproject(rng), encoding="utf-8",
                                                     errors="surrogatepass")
        else:
            (tmp_path / "b.json").write_bytes(_baseline(rng))
            args += ["--baseline", "b.json"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code in (0, 1, 2), (case, result.stderr)


# --- the launch and include scanners ------------------------------------------------------------
_SOUP = [
    "k", "<<<", ">>>", "<<", "<", ">>", ">", "(", ")", "[", "]", "{", "}", ";", ",", "1", "x",
    "\n", " ", "#include <cuda_runtime.h>\n", '#include "local.h"\n', "#include <cuda.h>\n",
    "#include <cublas_v2.h>\n", "#if X\n", "#ifdef Y\n", "#else\n", "#endif\n", "#define M(a) ",
    "\\\n", 'extern "C" {\n', "template <typename T", "::", "__global__ void g(int a) {}\n",
    "cudaMalloc(&p, 4)", "case 1:", "? :", "/*", "*/", "//", '"', "'", "%:", "##", "#",
    "k << < 1, 2 >> > (x);", "k<<<1, 2>>>(x);", "__shfl_xor_sync(0xffffffff, v, 1)",
]


def _soup(rng: random.Random) -> str:
    return "".join(rng.choice(_SOUP) for _ in range(rng.randrange(1, 400)))


def _nested(rng: random.Random) -> str:
    """One construct nested in itself, closed or not."""
    depth = rng.choice([5, 100, 600])
    opener, closer = rng.choice([
        ("k<<<1, 2>>>(", ")"), ("f(", ")"), ("k<<<(", ">>>"), ("#if A\n", "#endif\n"),
        ('extern "C" {\n', "}\n"), ("{", "}"), ("[", "]"), ("template <typename T", ">"),
        ("#include <cuda_runtime.h>\n#if B\n", "#endif\n"), ("k << < 1, (", ") >> > (x)"),
        ("cudnnConvolutionForward(h, a, x, w, d, c, algo, ws, sz, b, y, ", ")"),  # rebuilt
    ])
    body = "__global__ void k(int a) {}\nvoid host(int x) {\n" + opener * depth + "x"
    return body + closer * rng.choice([0, depth // 2, depth]) + ";\n}\n"


_SEEDS = sorted(p for area in ("launches", "includes") for p in (GOLDEN / area).glob("*.cu*")
                if not p.name.endswith(".hip"))


def _scanner_input(rng: random.Random) -> str:
    shape = rng.randrange(3)
    if shape == 0:
        return _soup(rng)
    if shape == 1:
        return _nested(rng)
    text = rng.choice(_SEEDS).read_text(errors="replace")
    for _ in range(rng.randint(1, 3)):
        text = _mutate(rng, text)
    return text


@pytest.mark.parametrize("k", range(0, 120, 20))
def test_the_launch_and_include_scanners_fail_never_and_work_linearly(
        k: int, table: MappingTable) -> None:
    for case in range(k, k + 20):
        rng = _case(SEED, case)
        data = _scanner_input(rng).encode("utf-8", "surrogateescape")
        path = rng.choice(["f.cu", "f.cuh", "f.cpp", "f.h"])
        settings = Settings(skip_excluded_blocks=rng.random() < 0.3,
                            keep_launch_syntax=rng.random() < 0.2)

        def scan(data: bytes = data, path: str = path, settings: Settings = settings,
                 ) -> FileResult:
            parsed = parse_source(data, path, settings, want_ast=False)
            syntax = Syntax(parsed)
            assert syntax.directives is not None and syntax.includes is not None
            for launch in syntax.launches:
                assert launch.open_index < launch.close_index < launch.args_open
            for i in range(len(parsed.tokens)):
                partner = syntax.partner_of(i)
                assert partner is None or partner > i
            return translate_source(data, path, table, settings)
        result, _ = count_lines(scan, budget=100_000 + 60 * len(data))
        assert result.output is not None, case
