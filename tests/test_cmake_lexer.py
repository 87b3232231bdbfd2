"""CMake's command syntax as the CMake porter reads it (cmake-language(7))."""

from __future__ import annotations

from hipify_py.buildfiles.cmake_lexer import commands

SOURCE = b"""cmake_minimum_required(VERSION 3.18) # a line comment with project(fake CUDA)
#[[ a bracket comment
add_executable(hidden hidden.cu) ]]
Set(X "a \\"quoted\\" b" [=[bracket ] arg]=] ${Y})
target_compile_options(app PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>")
if(NOT (A AND B))
endif()
message(STATUS "unterminated
"""


def test_commands_arguments_and_comments() -> None:
    cmds = commands(SOURCE)
    assert [c.name for c in cmds] == ["cmake_minimum_required", "set", "target_compile_options",
                                      "if", "endif", "message"]
    set_ = cmds[1]
    assert [a.text for a in set_.args] == [b"X", b'"a \\"quoted\\" b"', b"[=[bracket ] arg]=]",
                                           b"${Y}"]
    assert set_.args[1].value == b'a \\"quoted\\" b' and set_.args[2].value == b"bracket ] arg"
    assert SOURCE[set_.args[1].value_start : set_.args[1].value_start + 1] == b"a"
    assert [a.text for a in cmds[3].args] == [b"NOT", b"A", b"AND", b"B"]


def test_offsets_point_into_the_source() -> None:
    for cmd in commands(SOURCE):
        assert SOURCE[cmd.start : cmd.start + len(cmd.name)].lower() == cmd.name.encode()
        for a in cmd.args:
            assert SOURCE[a.start : a.end] == a.text


def test_unterminated_input_ends_the_scan() -> None:
    assert commands(b"project(x CUDA")[0].arg_values() == ["x", "CUDA"]
    assert commands(b'set(X "never closed') and commands(b"#[[ open comment") == []
