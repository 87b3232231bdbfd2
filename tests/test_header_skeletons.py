"""Headers reach clang as their directives only (engine/header_skeletons.py): what the rules
learn from a header (its macros, the #if branches they pick) must be what the whole header
told them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hipify_py.engine.header_skeletons import header_skeletons, skeleton_of
from hipify_py.engine.parsing import parse_source
from hipify_py.settings import Settings, include_dirs_of


def test_a_skeleton_keeps_directives_and_empties_the_rest() -> None:
    header = (b"#pragma once\n"
              b"struct S { int x; };  // #define NOT_A_MACRO\n"
              b"#define TWO_LINES a \\\n"
              b"    b\n"
              b"/* #define IN_A_COMMENT 1\n"
              b"#include \"commented.h\" */\n"
              b"const char* s = \"/* not a comment\";\n"
              b"#define AFTER_STRING 1\n"
              b"#define SPLIT /* a comment\n across lines */ value\n"
              b"  #  if defined(X)\nint y;\n#endif\n")
    assert skeleton_of(header).split(b"\n") == [
        b"#pragma once", b"", b"#define TWO_LINES a \\", b"    b", b"", b"",
        b"#define AFTER_STRING 1", b"#define SPLIT   value", b"  #  if defined(X)", b"",
        b"#endif", b""]


def test_include_folders_in_order() -> None:
    assert include_dirs_of(["-x", "cuda", "-Ia", "-isystem", "s", "-I", "b", "-include", "c.h",
                            "-Id", "-iquote", "q"]) == ("a", "b", "d", "s", "q")


def test_headers_are_found_as_clang_finds_them(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "inc").mkdir()
    (tmp_path / "toolkit").mkdir()
    (tmp_path / "src" / "near.h").write_text('#include "deep.h"\nint near;\n')
    (tmp_path / "inc" / "near.h").write_text("int shadowed;\n")  # a quote finds src/'s first
    (tmp_path / "inc" / "deep.h").write_text("#define DEEP 1\nint deep;\n")
    (tmp_path / "inc" / "angled.h").write_text("#define ANGLED 1\n")
    (tmp_path / "src" / "angled.h").write_text("#define WRONG 1\n")  # <> skips the own folder
    (tmp_path / "toolkit" / "cuda_runtime.h").write_text("#define FROM_THE_TOOLKIT 1\n")
    main = tmp_path / "src" / "k.cu"
    data = b'#include "near.h"\n#include <angled.h>\n#include <cuda_runtime.h>\n#include "gone.h"\n'
    found = dict(header_skeletons(str(main), data, [str(tmp_path / "inc"),
                                                   str(tmp_path / "toolkit")],
                                  keep_whole=[str(tmp_path / "toolkit")]))
    assert found == {str(tmp_path / "src" / "near.h"): b'#include "deep.h"\n\n',
                     str(tmp_path / "inc" / "deep.h"): b"#define DEEP 1\n\n",
                     str(tmp_path / "inc" / "angled.h"): b"#define ANGLED 1\n"}


def test_a_header_macro_still_makes_device_code_and_picks_branches(tmp_path: Path) -> None:
    (tmp_path / "lib.h").write_text(
        "#pragma once\n"
        "namespace lib { template <class T> struct Box { T value; }; }\n"
        "#if defined(__CUDACC__)\n#define LIB_DEVICE __device__ __forceinline__\n"
        "#else\n#define LIB_DEVICE\n#endif\n"
        "/*\n#define USE_FAST 1\n*/\n")
    main = tmp_path / "k.cu"
    main.write_bytes(b'#include "lib.h"\n'
                     b"LIB_DEVICE float twice(float x) { return 2 * x; }\n"
                     b"__global__ void k(lib::Box<float>* b) { b->value = twice(b->value); }\n"
                     b"#ifdef USE_FAST\nint fast;\n#else\nint slow;\n#endif\n")
    parsed = parse_source(main.read_bytes(), str(main), Settings(skip_excluded_blocks=True))
    assert [(f.name, sorted(f.spaces)) for f in parsed.functions] == [
        ("twice", ["device"]), ("k", ["global"])]
    (skipped,) = parsed.skipped_ranges
    assert main.read_bytes()[skipped[0]:skipped[1]].startswith(b"#ifdef USE_FAST\nint fast;")


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many headers each parse of clang was handed as skeletons."""
    from hipify_py.engine import parsing

    counts: list[int] = []
    real = parsing._UNITS.parse

    def counted(main: str, args: Any, unsaved: Any, options: int) -> Any:
        counts.append(len(unsaved) - 2)  # the file and the prelude
        return real(main, args, unsaved, options)

    monkeypatch.setattr(parsing._UNITS, "parse", counted)
    return counts


def test_a_file_its_headers_skeletons_serve_is_parsed_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lib.h").write_text("#define HD __host__ __device__\nstruct Big { int x; };\n")
    main = tmp_path / "k.cu"
    main.write_bytes(b'#include "lib.h"\nHD int f(int x) { return x; }\n'
                     b"__global__ void k(float* p);\n__global__ void k(float* p) { p[0] = f(1); }\n")
    counts = _parses(monkeypatch)
    parsed = parse_source(main.read_bytes(), str(main), Settings())
    assert [f.name for f in parsed.functions] == ["f", "k"]
    assert counts == [1]


def test_a_declaration_the_skeletons_cannot_serve_gets_the_headers_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's own cudaMalloc declared with a type of a project header's namespace: read
    without that header's declarations, clang drops it, and the file would rename it."""
    (tmp_path / "lib.h").write_text("namespace lib { template <class T> struct Box { T v; }; }\n")
    main = tmp_path / "k.cu"
    main.write_bytes(b'#include "lib.h"\n'
                     b"namespace mine { const lib::Box<lib::Box<int>> &cudaMalloc(int); }\n")
    counts = _parses(monkeypatch)
    parsed = parse_source(main.read_bytes(), str(main), Settings(),
                          is_namespaced_name=lambda name: name == "cudaMalloc")
    assert [(d.name, d.namespace) for d in parsed.user_declarations] == [("cudaMalloc", "mine")]
    assert counts == [1, 0]
