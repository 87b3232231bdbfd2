"""The libclang front end: bulk tokens equal cindex's own, offsets are UTF-8 byte offsets, and
device functions / user namespaces / skipped ranges come from the AST."""

from __future__ import annotations

from pathlib import Path

import pytest

from hipify_py.engine.parsing import COMMENT, IDENT, PUNCT, parse_source
from hipify_py.settings import Settings

SOURCE = (
    "// caf\u00e9 \u2713 comment\n"
    "#include <cuda_runtime.h>\n"
    "#define CALL(x) cudaFree(x)\n"
    "#if 0\n"
    "cudaThreadSynchronize();\n"
    "#endif\n"
    "namespace mine { int cudaMalloc(void **p, int n); }\n"
    "__global__ void k(int *x) { x[threadIdx.x] = 1; }\n"
    "__device__ int f(int a) { return a; }\n"
    "__host__ __device__ int g(int a) { return a; }\n"
    "int h() { const char *s = \"\u00e9 cudaMalloc\"; k<<<1, 2>>>(0); return 0; }\n"
).encode()


def _slow_tokens(data: bytes) -> list[tuple[int, int, int]]:
    from clang import cindex

    index = cindex.Index.create()
    tu = index.parse("s.cu", args=["-x", "cuda", "-nocudainc", "--cuda-host-only"],
                     unsaved_files=[("s.cu", data)], options=0x200)
    return [(t.kind.value, t.extent.start.offset, t.extent.end.offset)
            for t in tu.get_tokens(extent=tu.cursor.extent)]


def test_bulk_tokens_equal_cindex_tokens() -> None:
    parsed = parse_source(SOURCE, "s.cu", Settings())
    ours = [(t.kind, t.start, t.end) for t in parsed.tokens]
    assert ours == _slow_tokens(SOURCE)


def test_token_offsets_are_utf8_byte_offsets() -> None:
    parsed = parse_source(SOURCE, "s.cu", Settings())
    for tok in parsed.tokens:
        assert SOURCE[tok.start : tok.end].decode("utf-8") == tok.text


def test_tokens_reach_comments_macro_bodies_and_inactive_branches() -> None:
    parsed = parse_source(SOURCE, "s.cu", Settings())
    texts = [t.text for t in parsed.tokens]
    assert "cudaThreadSynchronize" in texts  # inactive #if 0 branch
    assert "cudaFree" in texts  # macro body
    assert any(t.kind == COMMENT for t in parsed.tokens)
    assert "<<<" in texts and ">>>" in texts  # single tokens
    launch = texts.index("<<<")
    assert parsed.tokens[launch].kind == PUNCT


def test_device_functions_from_the_ast() -> None:
    parsed = parse_source(SOURCE, "s.cu", Settings())
    by_name = {f.name: f for f in parsed.functions}
    assert by_name["k"].spaces == frozenset({"global"})
    assert by_name["f"].spaces == frozenset({"device"})
    assert by_name["g"].spaces == frozenset({"host", "device"})
    assert "h" not in by_name  # host code has no execution-space attribute
    body = SOURCE[by_name["k"].start : by_name["k"].end]
    assert body.startswith(b"__global__ void k") and body.endswith(b"}")
    inside = SOURCE.index(b"x[threadIdx.x]")
    assert parsed.device_function_at(inside) is by_name["k"]
    assert parsed.device_function_at(SOURCE.index(b"int h()")) is None


def test_user_namespace_declarations() -> None:
    parsed = parse_source(SOURCE, "s.cu", Settings(), is_namespaced_name=lambda n: n == "cudaMalloc")
    assert [(d.name, d.namespace) for d in parsed.user_declarations] == [("cudaMalloc", "mine")]
    decl = parsed.user_declarations[0]
    assert SOURCE[decl.start : decl.end].startswith(b"namespace mine")


def test_skipped_ranges_only_when_asked() -> None:
    assert parse_source(SOURCE, "s.cu", Settings()).skipped_ranges == ()
    parsed = parse_source(SOURCE, "s.cu", Settings(skip_excluded_blocks=True))
    assert len(parsed.skipped_ranges) == 1
    start, end = parsed.skipped_ranges[0]
    assert b"cudaThreadSynchronize" in SOURCE[start:end]


def test_clang_errors_never_stop_parsing_and_show_on_request() -> None:
    broken = b"int main( { cudaMalloc(;; }}}} #error nope\n__global__ void k() {}\n"
    parsed = parse_source(broken, "b.cu", Settings(show_clang_diagnostics=True))
    assert parsed.clang_diagnostics
    assert any(t.kind == IDENT and t.text == "cudaMalloc" for t in parsed.tokens)
    assert parse_source(broken, "b.cu", Settings()).clang_diagnostics == ()


@pytest.mark.parametrize(
    "data",
    [b"", b"\n", b"\xef\xbb\xbfint x;\n", b"\xff\xfe\x00garbage", b"/* unterminated", b'"open'],
)
def test_odd_inputs_parse(data: bytes) -> None:
    parsed = parse_source(data, "odd.cu", Settings())
    for tok in parsed.tokens:
        assert 0 <= tok.start <= tok.end <= len(data)


def test_token_texts_of_a_kind_follow_the_indexes() -> None:
    tokens = parse_source(b"int a = b(c); // d\n", "t.cu", Settings()).tokens
    assert tokens.raws_of_kind(IDENT) == [tokens.raw(i) for i in tokens.of_kind(IDENT)]
    assert tokens.raws_of_kind(IDENT) == [b"a", b"b", b"c"]
    assert tokens.raws_of_kind(PUNCT) == [b"=", b"(", b")", b";"]


def test_a_reparsed_unit_tells_what_a_fresh_parse_does(tmp_path: Path) -> None:
    """Files of one folder reparse one translation unit: what each file's parse tells must not
    depend on the file parsed before it (its macros, its declarations, its includes)."""
    from hipify_py.engine import parsing

    (tmp_path / "space.h").write_text("#define ON_DEVICE __device__\n")
    first = tmp_path / "a.cu"
    second = tmp_path / "b.cu"
    first.write_bytes(b'#include "space.h"\n#define __global__\nnamespace mine { int cudaMalloc; }\n'
                      b"ON_DEVICE void f() {}\n")
    second.write_bytes(b'#include "space.h"\nON_DEVICE void g() {}\n__global__ void k() {}\n'
                       b"#if defined(ON_DEVICE)\nint live;\n#else\nint dead;\n#endif\n")
    settings = Settings(skip_excluded_blocks=True)

    def parse(path: Path) -> parsing.ParsedSource:
        return parse_source(path.read_bytes(), str(path), settings,
                            is_namespaced_name=lambda name: name == "cudaMalloc")

    parsing._UNITS.clear()
    fresh = parse(second)
    parse(first)
    reparsed = parse(second)  # the unit of the folder, its last file a.cu
    assert [(f.name, f.spaces) for f in reparsed.functions] == [
        (f.name, f.spaces) for f in fresh.functions] == [
        ("g", frozenset({"device"})), ("k", frozenset({"global"}))]
    assert reparsed.skipped_ranges == fresh.skipped_ranges != ()
    assert reparsed.user_declarations == fresh.user_declarations == ()
    assert [d.name for d in parse(first).user_declarations] == ["cudaMalloc"]
