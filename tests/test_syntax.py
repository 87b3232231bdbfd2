"""Structure read off tokens: directives, includes, calls and launches."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from hipify_py.engine.parsing import parse_source
from hipify_py.engine.syntax import Syntax
from hipify_py.settings import Settings


def syntax_of(text: str) -> Syntax:
    return Syntax(parse_source(text.encode(), "s.cu", Settings()))


def test_directives_follow_continuations_and_skip_hashes_in_comments() -> None:
    s = syntax_of(
        "#define A(x) \\\n  foo(x)\n/*\n#define NOT_ONE\n*/\n  #  include \"a.h\"\nint y;\n"
    )
    names = [d.name for d in s.directives]
    assert names == ["define", "include"]
    define = s.directives[0]
    assert s.data[define.start : define.end] == b"#define A(x) \\\n  foo(x)"


def test_includes_keep_their_delimiters_and_spans() -> None:
    s = syntax_of('#include <cuda_runtime.h>\n#include "my/helper.h" // why\n#include MACRO\n')
    assert [(i.header, i.angled) for i in s.includes] == [
        ("cuda_runtime.h", True), ("my/helper.h", False)
    ]
    inc = s.includes[1]
    assert s.data[inc.name_start : inc.name_end] == b"my/helper.h"


def test_call_arguments_split_at_top_level_commas() -> None:
    s = syntax_of("void f() { g(a, h(b, c), {1, 2}, t<int>(d)); }\n")
    toks = s.tokens
    g = next(i for i in range(len(toks)) if toks.text(i) == "g")
    call = s.call_at(g)
    assert call is not None
    assert [s.text(a) for a in call.args] == [b"a", b"h(b, c)", b"{1, 2}", b"t<int>(d)"]


def test_empty_and_commented_argument_lists() -> None:
    s = syntax_of("void f() { g(); h(/* none */); }\n")
    toks = s.tokens
    for name in ("g", "h"):
        i = next(k for k in range(len(toks)) if toks.text(k) == name)
        call = s.call_at(i)
        assert call is not None and call.args == ()


def test_launches_with_templates_qualifiers_and_four_config_arguments() -> None:
    s = syntax_of(
        "void f() {\n"
        "  ns::k<float, 4><<<dim3(g, 1), b, 0, st>>>(x, y);\n"
        "  plain<<<1, 32>>>();\n"
        "}\n"
    )
    first, second = s.launches
    assert s.text(first.callee) == b"ns::k<float, 4>"
    assert first.template_args is not None and s.text(first.template_args) == b"float, 4"
    assert [s.text(c) for c in first.config] == [b"dim3(g, 1)", b"b", b"0", b"st"]
    assert [s.text(a) for a in first.args] == [b"x", b"y"]
    assert s.text(second.callee) == b"plain" and second.args == ()


def test_unbalanced_brackets_are_not_guessed() -> None:
    s = syntax_of("void f() { g(a, (b; }\n")
    toks = s.tokens
    g = next(i for i in range(len(toks)) if toks.text(i) == "g")
    assert s.call_at(g) is None


def test_brackets_in_a_macro_body_match_only_inside_it() -> None:
    s = syntax_of("#define OPEN g(\nint x = OPEN 1);\n")
    toks = s.tokens
    g = next(i for i in range(len(toks)) if toks.text(i) == "g")
    assert s.call_at(g) is None


def test_enclosing_bracket_is_what_a_walk_back_finds() -> None:
    """One pass over the brackets answers every token as a walk back (counting closers, any
    kind) would, unbalanced and mismatched input included."""
    s = syntax_of("int a; void f(int b) { g(c[d], {e}); } ) h(i { j ] k ( l\n"
                  "#define M(x) (x\nint n;\n")
    toks = s.tokens

    def walked(i: int) -> int | None:
        depth, j = 0, s.prev_code(i)
        while j is not None:
            t = toks.raw(j)
            if t in (b")", b"}", b"]"):
                depth += 1
            elif t in (b"(", b"{", b"["):
                if depth == 0:
                    return j
                depth -= 1
            j = s.prev_code(j)
        return None

    assert all(s.enclosing_bracket(i) == walked(i) for i in range(len(toks)))
    assert s.identifier_index[b"b"] == [i for i in range(len(toks)) if toks.raw(i) == b"b"]


def _line_end_by_bytes(data: bytes, offset: int) -> int:
    """The byte-by-byte walk _logical_line_end replaced (it skips to the next byte that can
    matter instead): the oracle for the property below."""
    n = len(data)
    i = offset
    while i < n:
        c = data[i]
        if c == 0x0A:
            j = i - 1
            if j >= 0 and data[j] == 0x0D:
                j -= 1
            if j >= 0 and data[j] == 0x5C:
                i += 1
                continue
            return i
        if c == 0x2F and i + 1 < n and data[i + 1] == 0x2A:
            close = data.find(b"*/", i + 2)
            if close == -1:
                return n
            i = close + 2
            continue
        if c == 0x2F and i + 1 < n and data[i + 1] == 0x2F:
            i = data.find(b"\n", i)
            if i == -1:
                return n
            continue
        if c in (0x22, 0x27):
            j = i + 1
            while j < n and data[j] != c and data[j] != 0x0A:
                j += 2 if data[j] == 0x5C else 1
            i = j + 1
            continue
        i += 1
    return n


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([b"#define X", b" ", b"\\", b"\n", b"\r\n", b"/", b"*", b"/*",
                                 b"*/", b"//", b'"', b"'", b"a", b"\\\n", b"\\\r\n"]), max_size=40),
       st.integers(min_value=0, max_value=60))
@example([b"#define X", b"\\\r\n", b"a", b"\n", b"b"], 0)
@example([b"#define X", b'"', b"\\", b'"', b"\n"], 0)
@example([b"#define X", b"/*", b"\n", b"*/", b"a", b"\n"], 0)
def test_logical_line_end_is_the_byte_walk(pieces: list[bytes], offset: int) -> None:
    from hipify_py.engine.syntax import _logical_line_end

    data = b"".join(pieces)
    offset = min(offset, len(data))
    assert _logical_line_end(data, offset) == _line_end_by_bytes(data, offset)
