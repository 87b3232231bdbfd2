"""scripts/hand_port_check.py: the YAML, the paths, the error lines and the figures, without a
compiler."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]
hp = load_script("hand_port_check")

CONFIG = """
targets:
  "7.2": {hipcc: /srv/rocm7/.bin/hipcc, arch: gfx942, flags: [-Wno-x]}
corpora:
  - name: demo
    cuda_root: up
    hand_root: down/hip
    translate: cuda
    flags: [-DALL]
    hip_flags: {"7.2": [-I/opt/x]}
    generated:
      cuda: {cfg.h: "#define SIDE 1\\n"}
    pair_defaults:
      cuda_include: [cuda/util]
      cuda_flags: [-DCUDA]
    pairs:
      - {cuda: cuda/a/k.cu, hand: a/k.hip.cu, cuda_flags: [-DONE], hand_flags: [-DH]}
      - {cuda: cuda/b/m.cpp, hand: b/m.cpp, name: m, ours_flags: [-DPORTED]}
"""


def load(text: str = CONFIG) -> tuple[list[object], dict[str, object]]:
    return hp.load_config(yaml.safe_load(text), Path("/base"))


def test_config_roots_defaults_and_targets() -> None:
    corpora, targets = load()
    (c,) = corpora
    assert c.cuda_root == "/base/up" and c.hand_root == "/base/down/hip"
    assert targets["7.2"].arch == "gfx942" and targets["7.2"].flags == ["-Wno-x"]
    first, second = c.pairs
    assert first.name == "cuda/a/k.cu" and second.name == "m"
    # pair_defaults come first, the pair's own entries after
    assert first.cuda_flags == ["-DCUDA", "-DONE"] and first.cuda_include == ["cuda/util"]
    assert first.hand_flags == ["-DH"] and first.ours_flags is None
    assert second.ours_flags == ["-DPORTED"]
    assert c.generated == {"cuda": {"cfg.h": "#define SIDE 1\n"}}


def test_config_rejects_unknown_keys() -> None:
    with pytest.raises(ValueError, match="unknown keys"):
        load(CONFIG.replace("flags: [-DALL]", "flagz: [-DALL]"))
    with pytest.raises(ValueError, match="unknown keys"):
        load(CONFIG.replace("name: m,", "nam: m,"))


def test_ours_path_maps_only_the_translated_folder() -> None:
    (c,), _ = load()
    out = Path("/w/ours")
    assert hp.ours_path(c, out, "cuda/a/k.cu") == Path("/w/ours/a/k.cu")
    assert hp.ours_path(c, out, "cuda") == Path("/w/ours/.")
    assert hp.ours_path(c, out, "cudax/y.h") == Path("/base/up/cudax/y.h")
    c.translate = "."
    assert hp.ours_path(c, out, "cudax/y.h") == Path("/w/ours/cudax/y.h")


def test_commands_share_flags_between_hand_and_ours() -> None:
    (c,), targets = load()
    t = targets["7.2"]
    first, second = c.pairs
    gen = Path("/w/gen-cuda")
    hand = hp.hand_command(t, c, first, Path("/w/gen-hand"))
    ours = hp.ours_command(t, c, first, Path("/w/ours"), gen)
    assert hand[:6] == ours[:6] == ["/srv/rocm7/.bin/hipcc", "--offload-arch=gfx942",
                                     "-std=c++17", "-fsyntax-only", "-Wno-x", "-I/opt/x"]
    assert hand[-3:] == ["-x", "hip", "/base/down/hip/a/k.hip.cu"]
    assert ours[-3:] == ["-x", "hip", "/w/ours/a/k.cu"]
    assert "-DH" in hand and "-DCUDA" not in hand and "-DALL" in hand
    assert "-DCUDA" in ours and "-DONE" in ours and "-I/w/ours/util" in ours
    assert "-I/w/gen-cuda" in ours
    assert "-DPORTED" in hp.ours_command(t, c, second, Path("/w/ours"), gen)
    nvcc = hp.nvcc_command(c, first, gen)
    assert nvcc[1:3] == ["-std=c++17", "-c"] and "-I/base/up/cuda/util" in nvcc
    assert "-DONE" in nvcc and "-I/opt/x" not in nvcc
    # the TU's own folder is on -I unless the corpus says not (a header named like a system one)
    assert "-I/base/up/cuda/a" in nvcc and "-I/w/ours/a" in ours
    assert "-I/base/down/hip/a" in hand
    (c,), _ = load(CONFIG.replace("translate: cuda", "translate: cuda\n    source_dir_include: false"))
    assert not c.source_dir_include
    assert "-I/base/up/cuda/a" not in hp.nvcc_command(c, first, gen)
    assert "-I/w/ours/a" not in hp.ours_command(t, c, first, Path("/w/ours"), gen)
    assert "-I/base/down/hip/a" not in hp.hand_command(t, c, first, Path("/w/gen-hand"))


def test_generated_headers_per_side(tmp_path: Path) -> None:
    (c,), _ = load()
    folders = hp.write_generated(c, tmp_path)
    assert (folders["cuda"] / "cfg.h").read_text() == "#define SIDE 1\n"
    assert folders["hand"].is_dir() and not any(folders["hand"].iterdir())


def test_errors_located_in_the_cuda_tree_with_findings(tmp_path: Path) -> None:
    tree, out = tmp_path / "cuda", tmp_path / "ours"
    tree.mkdir()
    out.mkdir()
    (tree / "k.cu").write_text("#include <cuda_runtime.h>\nint a = f();\nint b = g();\n")
    # the translation adds a line at the top: errors are mapped back to source lines
    (out / "k.cu").write_text("#include <hip/hip_runtime.h>\n#include \"x.h\"\n"
                              "int a = f();\nint b = g();\n")
    log = (f"{out}/k.cu:3:9: error: use of undeclared identifier 'f'\n"
           f"{out}/k.cu:4:9: error: use of undeclared identifier 'g'\n"
           f"{out}/k.cu:4:9: error: use of undeclared identifier 'g'\n"
           "2 errors generated when compiling for gfx942.\n")
    findings = {"k.cu": {2: ["HPY103 f has no HIP equivalent"]}}
    first, every = hp.locate_errors(log, out, tree, findings)
    assert first == ("k.cu", 2, True, ["HPY103 f has no HIP equivalent"])
    assert every == [("k.cu", 2, "use of undeclared identifier 'f'", True),
                     ("k.cu", 3, "use of undeclared identifier 'g'", False)]


def result(name: str, nvcc: bool, hand: bool | None, ours: bool | None,
           errors: list[tuple[str, int, str, bool]] = (), lacking: str = "") -> object:
    r = hp.PairResult("demo", name, name, name)
    r.nvcc = hp.Compile(ok=nvcc)
    r.hand_hip = hp.Compile(ok=hand, lacking=lacking == "hand")
    r.ours = hp.Compile(ok=ours, lacking=lacking == "ours",
                        first_error="" if ours else "x.cu:1: boom")
    r.ours_errors = list(errors)
    if errors:
        r.ours_first = (errors[0][0], errors[0][1], errors[0][3], [])
    return r


def test_summary_counts_nvcc_valid_pairs_and_distinct_lines() -> None:
    shared = ("h.cuh", 7, "no member named 'x'", False)
    rs = [
        result("a", True, True, True),
        result("b", True, True, False, [shared, ("b.cu", 3, "boom", True)]),
        result("c", True, False, False, [shared]),  # the same line again: counted once
        result("d", False, True, False, [("d.cu", 1, "nvcc rejects this too", False)]),
        result("e", True, False, False, [], lacking="hand"),
    ]
    s = hp.summarize(rs)
    assert (s["pairs"], s["hand"], s["ours"]) == (5, 3, 1)
    assert (s["nvcc_valid"], s["counted"], s["hand_lacking"]) == (4, 3, 1)
    assert (s["hand_valid"], s["ours_valid"], s["ours_where_hand"]) == (2, 1, 1)
    assert (s["error_lines"], s["flagged_lines"]) == (2, 1)
    assert s["unflagged"] == [("h.cuh", 7, "no member named 'x'")]
    assert (s["error_lines_elsewhere"], s["flagged_elsewhere"]) == (1, 0)
    (failing,) = s["failing_where_hand"]
    assert failing["pair"] == "b" and failing["at"] == "h.cuh:7" and not failing["flagged"]
    line = hp.row("demo", "7.2", s)
    assert "| 3/5 | 1/5 (lacking: hand 1, ours 0) |" in line
    assert "1/3 vs 2/3 (ours where hand compiles: 1/2)" in line and line.endswith("| 2 (1) |")


def test_a_line_flagged_in_one_tu_counts_as_flagged() -> None:
    rs = [result("a", True, True, False, [("h.cuh", 7, "m", False)]),
          result("b", True, True, False, [("h.cuh", 7, "m", True)])]
    assert hp.summarize(rs)["flagged_lines"] == 1


def test_lacking_library_and_first_error() -> None:
    assert hp.is_lacking("ops.cu:15: 'hipblaslt/hipblaslt.h' file not found")
    assert not hp.is_lacking("ops.cu:15: 'nvml.h' file not found")
    log = "warning: x\n/t/a.cu:4:2: error: unknown type name 'foo'\n/t/a.cu:9:1: error: y\n"
    assert hp.first_error(log) == "/t/a.cu:4: unknown type name 'foo'"


def test_an_error_in_an_installed_template_is_blamed_on_its_instantiation(tmp_path: Path) -> None:
    tree, out = tmp_path / "cuda", tmp_path / "ours"
    tree.mkdir()
    out.mkdir()
    text = "#include <cub/cub.cuh>\nint x;\ntypedef cub::BlockLoad<float, 32, 2> L;\n"
    (tree / "k.cu").write_text(text)
    (out / "k.cu").write_text(text.replace("cub/cub.cuh", "hipcub/hipcub.hpp")
                              .replace("cub::", "hipcub::"))
    log = (f"In file included from {out}/k.cu:1:\n"
           "/usr/include/rocprim/block_load.hpp:77:3: error: static assertion failed\n"
           "/usr/include/hipcub/block_load.hpp:80:15: note: in instantiation of template class "
           "'rocprim::block_load<float, 32, 2>' requested here\n"
           f"{out}/k.cu:3:9: note: in instantiation of template class "
           "'hipcub::BlockLoad<float, 32, 2>' requested here\n"
           f"In file included from {out}/k.cu:1:\n"
           "/usr/include/hipcub/block_load.hpp:105:25: error: no type named 'storage_type'\n")
    flagged = {"k.cu": {3: ["HPY406 warp-transpose block of 32 threads"]}}
    first, every = hp.locate_errors(log, out, tree, flagged)
    assert first == ("k.cu", 3, True, ["HPY406 warp-transpose block of 32 threads"])
    # the second error has no backtrace: clang printed it for the first error of the same
    # instantiation, so it is the same site
    assert every == [("k.cu", 3, "static assertion failed", True),
                     ("k.cu", 3, "no type named 'storage_type'", True)]
    # a finding on the include line itself wins, as in corpus_check
    first, _ = hp.locate_errors(log, out, tree, {"k.cu": {1: ["HPY200 x"]}})
    assert first == ("k.cu", 1, True, ["HPY200 x"])


def test_an_error_in_an_installed_header_without_any_instantiation(tmp_path: Path) -> None:
    tree, out = tmp_path / "cuda", tmp_path / "ours"
    tree.mkdir()
    out.mkdir()
    (tree / "k.cu").write_text("#include <thrust/sort.h>\n")
    (out / "k.cu").write_text("#include <thrust/sort.h>\n")
    log = (f"In file included from {out}/k.cu:1:\n"
           "/usr/include/thrust/system/cuda/config.h:40:10: fatal error: 'cub/x.cuh' file not "
           "found\n")
    first, every = hp.locate_errors(log, out, tree, {})
    assert first == ("k.cu", 1, False, [])
    assert every == [("k.cu", 1, "'cub/x.cuh' file not found", False)]
