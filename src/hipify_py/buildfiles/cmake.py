"""CMake files (CMakeLists.txt, *.cmake): a CUDA project's build, ported to HIP's.

Driven by build_flags.cmake in mappings/build_flags.yaml, in one of two styles (--cmake-style):

* cxx (default): the CUDA language goes; `find_package(hip REQUIRED)` comes before the first
  target, each `.cu` source is compiled as C++ (`LANGUAGE CXX`) by hipcc (configure with
  CXX=hipcc) and its target links `hip::device`, which adds `-x hip` and an `--offload-arch` per
  GPU_TARGETS entry. It builds with every ROCm, distributions' packages included.
* hip: CMake's own HIP language (CMake >= 3.21): CUDA -> HIP in project()/enable_language(),
  `.cu` sources `LANGUAGE HIP`, CMAKE_CUDA_* -> CMAKE_HIP_*, CUDA_ARCHITECTURES ->
  HIP_ARCHITECTURES.

In both, find_package(CUDAToolkit/CUDA) becomes find_package(hip), the CUDA:: imported targets
and FindCUDA's variables become HIP library targets (with the find_package each needs), CMAKE_CUDA_
variables and CUDA_ target properties are renamed, nvcc flags are ported as in Makefiles, and
architecture lists become AMD targets. Only arguments are rewritten (a few lines are added);
comments and layout stay byte-exact. What has no translation is left and reported (HPY603).
Porting the output again changes nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from hipify_py.buildfiles.cmake_lexer import Arg, Command, commands
from hipify_py.buildfiles.makefiles import Word, offload_targets, port_words
from hipify_py.engine.edits import Edit, apply_edits
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import BuildFlags, CMakeName, CMakeTable

FAMILY = "build"
_TAG = "cmake"
_TARGET_COMMANDS = frozenset({"add_executable", "add_library"})
_SOURCE_COMMANDS = _TARGET_COMMANDS | {"target_sources"}
_FLAG_COMMANDS = frozenset({"target_compile_options", "add_compile_options", "target_link_options",
                            "add_link_options", "add_definitions"})
_SETTERS = frozenset({"set", "unset", "string", "list"})
_VERSION = re.compile(rb"^[0-9]+(?:\.[0-9]+)*$")
_LANG_GENEX = re.compile(rb"\b(COMPILE_LANGUAGE|COMPILE_LANG_AND_ID|LINK_LANGUAGE|LINK_LANG_AND_ID)"
                         rb":CUDA\b")
_CUDA_WORD = re.compile(rb"(?<![A-Za-z0-9_])(?:(?:CMAKE_)?CUDA(?:::|_)[A-Za-z0-9_]+"
                        rb"|CUDAToolkit[A-Za-z0-9_]*"
                        rb"|CUDA(?![A-Za-z0-9_:]))")
_VARIABLE_REF = re.compile(rb"\$\{([A-Za-z0-9_]+)\}")
_CUDA_VARIABLE = re.compile(rb"(?<![A-Za-z0-9_])(CMAKE_CUDA_[A-Za-z0-9_]+|CUDA_[A-Z_]+)"
                            rb"(?![A-Za-z0-9_])")
_TOKEN = re.compile(rb"[^\s;]+")
_THRUST_CUDA_SYSTEM = re.compile(rb"(?<![A-Za-z0-9_])THRUST_DEVICE_SYSTEM_CUDA(?![A-Za-z0-9_])")
_NUMERIC_TESTS = frozenset({"LESS", "GREATER", "EQUAL", "LESS_EQUAL", "GREATER_EQUAL",
                            "VERSION_LESS", "VERSION_GREATER", "VERSION_EQUAL",
                            "VERSION_LESS_EQUAL", "VERSION_GREATER_EQUAL"})


@dataclass
class _Port:
    data: bytes
    table: CMakeTable
    flags: BuildFlags
    settings: Settings
    arch: tuple[str, ...]
    out: list[Edit | Finding] = field(default_factory=list)
    handled: set[tuple[int, int]] = field(default_factory=set)  # byte ranges already dealt with
    packages: dict[str, int] = field(default_factory=dict)  # package -> first use offset
    found: dict[str, int] = field(default_factory=dict)  # package -> where find_package ends
    cuda_enabled_at: int | None = None
    first_target_at: int | None = None
    sources_set_to_cuda: bool = False  # set_source_files_properties(... LANGUAGE CUDA) here
    cuda_related: bool = False  # the file names CUDA or .cu sources

    marked: set[str] = field(default_factory=set)  # sources already given `language`

    @property
    def hip_style(self) -> bool:
        return self.settings.cmake_style == "hip"

    @property
    def language(self) -> str:
        """The CMake language the CUDA sources become."""
        return "HIP" if self.hip_style else "CXX"

    @functools.cached_property
    def newline(self) -> bytes:
        return b"\r\n" if b"\r\n" in self.data else b"\n"

    def starts_targets(self, cmd: Command) -> bool:
        return cmd.name in _TARGET_COMMANDS or cmd.name == "add_subdirectory" \
            or cmd.name in self.table.commands

    def note(self, code: str, start: int, end: int, message: str, suggestion: str | None = None
             ) -> None:
        self.out.append(Finding(code, start, end, message, None, suggestion, FAMILY))

    def edit(self, start: int, end: int, text: bytes) -> None:
        self.out.append(Edit(start, end, text, _TAG))
        self.handled.add((start, end))

    def name_for(self, rule: CMakeName) -> str | None:
        return rule.hip if self.hip_style else rule.cxx


def port_cmake(data: bytes, flags: BuildFlags, settings: Settings) -> Iterator[Edit | Finding]:
    port = _Port(data, flags.cmake, flags, settings, offload_targets(flags, settings))
    cmds = commands(data)
    port.sources_set_to_cuda = any(_cuda_language_value(c) is not None for c in cmds)
    port.cuda_related = b"CUDA" in data or any(
        a.value.endswith(b".cu") for c in cmds for a in c.args)
    port.marked = _marked_sources(cmds, port.language)
    for k, cmd in enumerate(cmds):
        if port.first_target_at is None and port.starts_targets(cmd):
            port.first_target_at = cmd.start
        _port_command(port, cmd, cmds, k)
    _add_packages(port, cmds)
    _leftovers(port, cmds)
    yield from port.out


def _port_command(port: _Port, cmd: Command, cmds: list[Command], k: int) -> None:
    name = cmd.name
    if name == "cmake_minimum_required" and port.hip_style:
        _minimum_version(port, cmd)
    elif name in ("project", "enable_language"):
        _languages(port, cmd)
    elif name == "check_language" and cmd.arg_values()[:1] == ["CUDA"]:
        if port.hip_style:
            port.edit(cmd.args[0].start, cmd.args[0].end, b"HIP")
    elif name == "find_package" and cmd.arg_values()[:1] in (["CUDAToolkit"], ["CUDA"]):
        _find_cuda(port, cmd, cmds[k + 1 :])
    elif name == "find_package" and cmd.args:
        port.found.setdefault(cmd.arg_values()[0], cmd.end)
    elif name in port.table.commands:
        port.edit(cmd.start, cmd.start + len(name), port.table.commands[name].encode())
        port.note("HPY600", cmd.start, cmd.start + len(name),
                  f"{name} -> {port.table.commands[name]} (FindCUDA's command)")
        _sources(port, cmd, cmds, k, port.table.commands[name])
    elif name in _SOURCE_COMMANDS:
        _sources(port, cmd, cmds, k, name)
    elif name not in _NOT_SOURCE_LISTS and not name.startswith("cuda_"):
        _sources_passed_on(port, cmd)
    if name in _SETTERS:
        _setter(port, cmd)
    elif name in ("set_target_properties", "set_property", "set_source_files_properties"):
        _properties(port, cmd)
    if name in _FLAG_COMMANDS:
        _flags(port, cmd.args[1:] if name.startswith("target_") else cmd.args)
    _words(port, cmd)


def _languages(port: _Port, cmd: Command) -> None:
    """project(name [LANGUAGES] ... CUDA ...) / enable_language(CUDA)."""
    args = cmd.args[1:] if cmd.name == "project" else cmd.args
    cuda = [a for a in args if a.text == b"CUDA"]
    if not cuda:
        return
    port.cuda_enabled_at = cmd.end
    if port.hip_style:
        for a in cuda:
            port.edit(a.start, a.end, b"HIP")
        port.note("HPY600", cuda[0].start, cuda[0].end,
                  "CUDA language -> HIP (CMake >= 3.21: configure with -DCMAKE_HIP_ARCHITECTURES "
                  "or the set() below)")
        return
    languages = [a for a in args if a.text in (b"C", b"CXX", b"CUDA", b"Fortran", b"ASM", b"HIP",
                                               b"OBJC", b"OBJCXX")]
    if cmd.name == "enable_language" and len(args) == 1:
        port.edit(cmd.start, cmd.end, b"find_package(hip REQUIRED)")
        port.found["hip"] = cmd.end
    elif not any(a.text == b"CXX" for a in languages):
        # hipcc compiles the CUDA sources as C++, and find_package(hip) needs C++ enabled
        port.edit(cuda[0].start, cuda[0].end, b"CXX")
        for a in cuda[1:]:
            _remove_arg(port, a)
    else:
        for a in cuda:
            _remove_arg(port, a)
    port.note("HPY600", cuda[0].start, cuda[0].end,
              "CUDA language -> C++ compiled by hipcc with hip::device: configure with CXX=hipcc "
              "(or ROCm's clang++) and -DGPU_TARGETS=<gfx...> (--cmake-style hip: CMake's HIP "
              "language instead)")


def _sets_architectures_later(port: _Port, after: list[Command]) -> bool:
    """A set() of an architecture variable before the file's first target."""
    for cmd in after:
        if port.starts_targets(cmd):
            return False
        values = cmd.arg_values()
        rule = port.table.variables.get(values[0]) if cmd.name == "set" and values else None
        if rule is not None and rule.kind == "arch":
            return True
    return False


_HIP_LANGUAGE_SINCE = (3, 21)


def _minimum_version(port: _Port, cmd: Command) -> None:
    """CMake's HIP language needs 3.21: raise an older minimum (a range's lower end)."""
    values = cmd.arg_values()
    if "VERSION" not in values or values.index("VERSION") + 1 >= len(values):
        return
    arg = cmd.args[values.index("VERSION") + 1]
    low = arg.value.split(b"...")[0]
    parts = tuple(int(p) for p in low.split(b".")[:2] if p.isdigit())
    if len(parts) == 2 and parts < _HIP_LANGUAGE_SINCE:
        start = arg.value_start
        port.edit(start, start + len(low), b"3.21")
        port.note("HPY600", start, start + len(low),
                  f"{low.decode()} -> 3.21: CMake's HIP language needs it")


def _find_cuda(port: _Port, cmd: Command, after: list[Command]) -> None:
    package = cmd.args[0]
    if not port.hip_style and _sets_architectures_later(port, after):
        # find_package(hip) reads GPU_TARGETS: it goes after the architectures are set, before
        # the first target (_add_packages), and this call goes.
        _remove_command(port, cmd)
        port.note("HPY600", package.start, package.end,
                  f"find_package({package.text.decode()}) moved: find_package(hip) comes after "
                  "the architectures are set (it reads GPU_TARGETS), before the first target")
        port.cuda_enabled_at = port.cuda_enabled_at or cmd.end
        return
    port.edit(package.start, package.end, b"hip")
    port.note("HPY600", package.start, package.end, f"find_package({package.text.decode()}) -> "
              "find_package(hip): HIP's runtime and hip::host/hip::device")
    for a in cmd.args[1:]:
        if _VERSION.match(a.text) or a.text == b"EXACT":
            _remove_arg(port, a)  # a CUDA version: HIP's package has its own numbering
            port.note("HPY601", a.start, a.end,
                      f"{a.text.decode()} dropped: a CUDA version, not a HIP one")
    port.found.setdefault("hip", cmd.end)
    port.cuda_enabled_at = port.cuda_enabled_at or cmd.end


def _sources(port: _Port, cmd: Command, cmds: list[Command], k: int, kind: str) -> None:
    """Mark a target's .cu sources as the language that compiles them; link hip::device."""
    values = cmd.arg_values()
    if not values or (kind in _TARGET_COMMANDS and any(
            v in ("IMPORTED", "ALIAS", "INTERFACE", "OBJECT_LIBRARY") for v in values[1:2] + values[2:3])):
        return
    sources = [v for v in values[1:] if v.endswith(".cu")]
    opaque = False  # sources in a variable this file does not fill (a function's parameter)
    for var in (m.group(1).decode() for a in cmd.args[1:] for m in _VARIABLE_REF.finditer(a.text)):
        found = _cu_files_of(cmds[:k], var)
        sources += found
        opaque = opaque or not found
    # A target may compile GPU code without a .cu of its own here: in a file that gives sources
    # the CUDA language, or whose sources come from outside (a helper function of a CUDA build).
    gpu = sources or (kind in _TARGET_COMMANDS and (
        port.sources_set_to_cuda or (opaque and port.cuda_related)))
    if not gpu:
        return
    todo = [s for s in dict.fromkeys(sources) if s not in port.marked]
    lines = [_language_line(port, todo)] if todo else []
    target = values[0]
    if (not port.hip_style and kind != "target_sources"
            and not _links_hip_device(cmds, target)):
        lines.append(f"set_property(TARGET {target} APPEND PROPERTY LINK_LIBRARIES hip::device)")
        port.packages.setdefault("hip", cmd.start)
    _add_lines_after(port, cmd, lines, f"{', '.join(todo) or target}: compiled as {port.language}"
                     + ("" if port.hip_style else " by hipcc, linked with hip::device"))


def _language_line(port: _Port, sources: list[str]) -> str:
    return f"set_source_files_properties({' '.join(sources)} PROPERTIES LANGUAGE {port.language})"


def _add_lines_after(port: _Port, cmd: Command, lines: list[str], message: str) -> None:
    """New commands on the lines after cmd, indented as it is, with one note saying why."""
    if not lines:
        return
    indent = _indent(port.data, cmd.start)
    port.edit(cmd.end, cmd.end, b"".join(port.newline + indent + line.encode() for line in lines))
    port.note("HPY600", cmd.start, cmd.end, message)


# Commands whose .cu arguments are not sources handed to a target (set() and list() are read
# when the variable is used; a user's function that takes sources is not in this list).
_NOT_SOURCE_LISTS = frozenset({
    "set", "list", "file", "string", "install", "configure_file", "message", "if", "elseif",
    "while", "foreach", "set_source_files_properties", "set_property", "get_property",
    "get_filename_component", "source_group", "option", "math", "cmake_path", "add_test",
    "add_custom_command", "add_custom_target", "get_source_file_property", "function", "macro"})


def _sources_passed_on(port: _Port, cmd: Command) -> None:
    """`.cu` files handed to a user's function (which adds the target): their language is set
    here, in the directory the function runs in."""
    sources = [v for v in cmd.arg_values() if v.endswith(".cu")]
    todo = [s for s in dict.fromkeys(sources) if s not in port.marked]
    if todo:
        _add_lines_after(port, cmd, [_language_line(port, todo)],
                         f"{', '.join(todo)}: compiled as {port.language}")


def _cuda_language_value(cmd: Command) -> Arg | None:
    """The `CUDA` of `LANGUAGE CUDA` in set_source_files_properties/set_property(SOURCE ...)."""
    if cmd.name not in ("set_source_files_properties", "set_property"):
        return None
    values = cmd.arg_values()
    for i, v in enumerate(values[:-1]):
        if v == "LANGUAGE" and values[i + 1] == "CUDA":
            return cmd.args[i + 1]
    return None


def _cu_files_of(before: list[Command], var: str) -> list[str]:
    """The .cu files a variable was given in this file: set(VAR ...), list(APPEND VAR ...), or a
    file(GLOB VAR ...) whose patterns all end in .cu (then the variable itself)."""
    out: list[str] = []
    for cmd in before:
        values = cmd.arg_values()
        if cmd.name == "set" and values[:1] == [var]:
            out = [v for v in values[1:] if v.endswith(".cu")]
        elif cmd.name == "list" and values[:2] == ["APPEND", var]:
            out += [v for v in values[2:] if v.endswith(".cu")]
        elif cmd.name == "file" and len(values) > 2 and values[0] in ("GLOB", "GLOB_RECURSE") \
                and values[1] == var:
            patterns = [v for v in values[2:] if v not in ("CONFIGURE_DEPENDS", "LIST_DIRECTORIES")]
            if patterns and all(p.endswith(".cu") for p in patterns):
                out = [f"${{{var}}}"]
    return out


def _marked_sources(cmds: list[Command], language: str) -> set[str]:
    out: set[str] = set()
    for cmd in cmds:
        values = cmd.arg_values()
        if cmd.name == "set_source_files_properties" and "LANGUAGE" in values:
            i = values.index("LANGUAGE")
            if values[i + 1 : i + 2] == [language] and "PROPERTIES" in values:
                out.update(values[: values.index("PROPERTIES")])
    return out


def _links_hip_device(cmds: list[Command], target: str) -> bool:
    for cmd in cmds:
        values = cmd.arg_values()
        if "hip::device" in values and (target in values[:2] or values[1:2] == [target]):
            return True
    return False


def _setter(port: _Port, cmd: Command) -> None:
    """set(VAR ...), string(APPEND VAR ...), list(APPEND VAR ...), unset(VAR) of a CUDA variable."""
    values = cmd.arg_values()
    at = 0 if cmd.name in ("set", "unset") else 1
    if len(cmd.args) <= at:
        return
    var = cmd.args[at]
    rule = port.table.variables.get(values[at])
    if rule is None:
        return
    new = port.name_for(rule)
    shown = values[at]
    if rule.kind == "drop":
        _remove_command(port, cmd)
        port.note("HPY601", var.start, var.end, f"{shown} dropped: {rule.why}")
        return
    if rule.kind == "report" or new is None:
        _left(port, var, shown, rule)
        return
    if rule.kind == "list_flags":
        _list_flags(port, cmd, at, new)
        return
    _rename(port, var, shown, new)
    payload = list(cmd.args[at + 1 :])
    if rule.kind == "flags":
        _flags(port, [a for a in payload if a.text not in (b"CACHE", b"STRING", b"FORCE")])
    elif rule.kind == "arch" and cmd.name == "set" and payload:
        _architectures(port, payload, cache=not port.hip_style)


def _left(port: _Port, arg: Arg, shown: str, rule: CMakeName) -> None:
    """A CUDA variable or property with no counterpart in this style: kept, and reported."""
    port.handled.add((arg.start, arg.end))
    port.note("HPY603", arg.start, arg.end, f"{shown} has no HIP counterpart: left as it is"
              + (f" ({rule.why})" if rule.why else ""))


def _rename(port: _Port, arg: Arg, shown: str, new: str) -> None:
    port.edit(arg.start, arg.end, new.encode())
    port.note("HPY600", arg.start, arg.end, f"{shown} -> {new}")


def _list_flags(port: _Port, cmd: Command, at: int, new: str) -> None:
    """set(LIST [${LIST}] flags...) / list(APPEND LIST flags...) of a list of nvcc flags ->
    string(APPEND NEW " ported flags"): the HIP flags variable is a string."""
    if cmd.name not in ("set", "list") or (cmd.name == "list" and cmd.arg_values()[0] != "APPEND"):
        var = cmd.args[at]
        port.handled.add((var.start, var.end))
        port.note("HPY603", var.start, var.end, f"{var.text.decode()}: only set() and "
                  "list(APPEND) of it are ported; left as it is")
        return
    payload = [a for a in cmd.args[at + 1 :] if a.value != f"${{{cmd.args[at].value.decode()}}}"
               .encode() and a.text not in (b"CACHE", b"STRING", b"FORCE")]
    sub = _Port(port.data, port.table, port.flags, port.settings, port.arch)
    _flags(sub, payload)
    edits = sorted((e for e in sub.out if isinstance(e, Edit)), key=lambda e: e.start)
    port.out.extend(f for f in sub.out if isinstance(f, Finding))
    words: list[bytes] = []
    if payload:  # the payload's text with the flags ported, as one string's words
        first, last = payload[0].start, payload[-1].end
        inside = tuple(Edit(e.start - first, e.end - first, e.text, e.rule) for e in edits
                       if first <= e.start and e.end <= last)
        text = apply_edits(port.data[first:last], inside)
        words = text.replace(b'"', b" ").replace(b";", b" ").split()
    shown = cmd.args[at].text.decode()
    replacement = f'string(APPEND {new} " '.encode() + b" ".join(words) + b'")'
    port.edit(cmd.start, cmd.end, replacement)
    port.note("HPY600", cmd.args[at].start, cmd.args[at].end,
              f"{shown} (a list of nvcc flags) -> string(APPEND {new} ...)")


def _architectures(port: _Port, payload: list[Arg], *, cache: bool) -> None:
    """Replace the architecture values of a set()/property with the AMD targets."""
    texts = [a.text for a in payload]
    stop = next((k for k, t in enumerate(texts) if t in (b"CACHE", b"PARENT_SCOPE")), None)
    values = payload if stop is None else payload[:stop]
    if stop is not None:
        cache = False  # the user's own CACHE/type/doc (or parent scope) stay
    if not values:
        return
    targets = ";".join(port.arch)
    text = f'"{targets}"' + (' CACHE STRING "AMD GPU targets to compile for"' if cache else "")
    port.edit(values[0].start, values[-1].end, text.encode())
    shown = " ".join(a.value.decode("utf-8", "replace") for a in values)
    port.note("HPY600", values[0].start, values[-1].end,
              f"{shown} -> {targets} (AMD targets: --offload-arch {','.join(port.arch)}; "
              "NVIDIA's architectures have no AMD meaning)")


def _properties(port: _Port, cmd: Command) -> None:
    """CUDA_* target properties in set_target_properties(... PROPERTIES P V ...) and
    set_property(TARGET ... PROPERTY P V...)."""
    values = cmd.arg_values()
    language = _cuda_language_value(cmd)
    if language is not None:
        port.edit(language.start, language.end, port.language.encode())
        port.note("HPY600", language.start, language.end, f"LANGUAGE CUDA -> {port.language}"
                  + ("" if port.hip_style else " (compiled by hipcc; the targets link hip::device)"))
    if cmd.name == "set_property":
        if "PROPERTY" not in values:
            return
        i = values.index("PROPERTY") + 1
        pairs = [(i, len(values))] if i < len(values) else []
    else:
        if "PROPERTIES" not in values:
            return
        start = values.index("PROPERTIES") + 1
        pairs = [(j, j + 2) for j in range(start, len(values) - 1, 2)]
    known = port.table.properties
    rules = [(first, stop, known[values[first]]) for first, stop in pairs if values[first] in known]
    drops = [r for r in rules if r[2].kind == "drop" or (r[2].kind == "arch"
                                                          and port.name_for(r[2]) is None)]
    whole = bool(drops) and len(drops) == len(pairs)  # nothing left to set: the command goes
    if whole:
        _remove_command(port, cmd)
    for first, stop, rule in rules:
        name_arg = cmd.args[first]
        payload = list(cmd.args[first + 1 : stop])
        new = port.name_for(rule)
        shown = values[first]
        if (first, stop, rule) in drops:
            if not whole:
                _remove_span(port, name_arg.start, (payload[-1] if payload else name_arg).end)
            port.note("HPY601", name_arg.start, name_arg.end, f"{shown} dropped: {rule.why}")
        elif rule.kind == "report" or new is None:
            _left(port, name_arg, shown, rule)
        else:
            _rename(port, name_arg, shown, new)
            if rule.kind == "arch":
                _architectures(port, payload, cache=False)


def _flags(port: _Port, args: list[Arg] | tuple[Arg, ...]) -> None:
    """nvcc flags inside arguments (`"-O3 --use_fast_math"`, `$<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>`),
    ported word by word with the Makefile porter's table."""
    words: list[Word] = []
    for a in args:
        for m in _TOKEN.finditer(a.value):
            start = a.value_start + m.start()
            text = m.group()
            if text.startswith(b"$<"):  # the flag follows the generator expression's last ':'
                cut = text.rfind(b":")
                text, start = text[cut + 1 :], start + cut + 1
            text = text.rstrip(b">")
            if text:
                words.append(Word(text, start))
    data = port.data
    removed: list[list[int]] = []
    for out in port_words(data, words, port.flags, port.arch):
        if isinstance(out, Edit) and not out.text:
            if removed and not data[removed[-1][1] : out.start].strip(b"; \t"):
                removed[-1][1] = out.end  # next to the previous removal: one run
            else:
                removed.append([out.start, out.end])
        elif isinstance(out, Edit):
            port.edit(out.start, out.end, out.text)
        else:
            port.out.append(out)
    for start, end in removed:  # each run of list elements goes with one separator
        if data[end : end + 1] == b";":
            end += 1
        elif data[start - 1 : start] == b";":
            start -= 1
        port.edit(start, end, b"")


def _words(port: _Port, cmd: Command) -> None:
    """Renames inside any argument: CUDA:: targets, FindCUDA variables, CMAKE_CUDA_ variables in
    conditions and references, COMPILE_LANGUAGE:CUDA."""
    table = port.table
    language = port.language.encode()
    for a in cmd.args:
        if b"CUDA" not in a.text and cmd.name not in ("target_link_libraries", "link_libraries"):
            continue
        for m in _LANG_GENEX.finditer(a.text):
            at = a.start + m.end() - 4
            port.edit(at, at + 4, language)
            port.note("HPY600", at, at + 4, f"{m.group().decode()} -> {m.group(1).decode()}:"
                      f"{language.decode()}")
        for m in _THRUST_CUDA_SYSTEM.finditer(a.text):
            # -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CUDA, as translate renames it in the
            # sources: kept, it sent rocThrust down Thrust's CUDA backend (stdgpu), silently
            at, end = a.start + m.start(), a.start + m.end()
            port.edit(at, end, b"THRUST_DEVICE_SYSTEM_HIP")
            port.note("HPY600", at, end, "THRUST_DEVICE_SYSTEM_CUDA -> THRUST_DEVICE_SYSTEM_HIP "
                      "(rocThrust's HIP backend)")
        shown = a.value.decode("utf-8", "replace")
        if cmd.name in ("target_link_libraries", "link_libraries") and not a.quoted \
                and f"CUDA::{shown}" in table.targets and a is not cmd.args[0]:
            shown = f"CUDA::{shown}"  # a plain library name, as FindCUDA-era files link them
        if shown in table.targets and (a.start, a.end) not in port.handled:
            target = table.targets[shown]
            if target is None:
                port.handled.add((a.start, a.end))
                port.note("HPY603", a.start, a.end, f"{shown}: no HIP counterpart of this library;"
                          " left as it is")
            else:
                port.edit(a.start, a.end, target.target.encode())
                port.note("HPY600", a.start, a.end, f"{shown} -> {target.target} "
                          f"(find_package({target.package}))")
                port.packages.setdefault(target.package, cmd.start)
            continue
        for m in _VARIABLE_REF.finditer(a.text):
            legacy = table.legacy_variables.get(m.group(1).decode())
            start, end = a.start + m.start(), a.start + m.end()
            if legacy is not None:
                if legacy.target:
                    port.edit(start, end, legacy.target.encode())
                elif m.group() == a.text:
                    _remove_arg(port, a)
                else:
                    port.edit(start, end, b"")
                port.note("HPY600", start, end, f"{m.group().decode()} -> "
                          f"{legacy.target or '(nothing)'} (find_package({legacy.package}))")
                port.packages.setdefault(legacy.package, cmd.start)
        for m in _CUDA_VARIABLE.finditer(a.text):
            start, end = a.start + m.start(1), a.start + m.end(1)
            if any(s <= start < e for s, e in port.handled):
                continue
            rule = table.variables.get(m.group(1).decode())
            if rule is None or rule.kind in ("report", "drop"):
                continue
            new = port.name_for(rule)
            if new is not None:
                port.edit(start, end, new.encode())
            if rule.kind == "arch" and cmd.name in ("if", "elseif", "while") and any(
                    v in _NUMERIC_TESTS for v in cmd.arg_values()):
                port.note("HPY603", start, end, f"{m.group(1).decode()} compared as a number: "
                          "NVIDIA architecture numbers have no AMD meaning (the AMD targets are "
                          "names such as gfx90a)", "test whether the list is set instead")


def _leftovers(port: _Port, cmds: list[Command]) -> None:
    """Every CUDA word no rule dealt with is reported on its line, once per line."""
    lines: set[int] = set()
    for cmd in cmds:
        if cmd.name.startswith("cuda_") and cmd.name not in port.table.commands:
            _report_left(port, lines, cmd.start, cmd.start + len(cmd.name),
                         f"{cmd.name}() is FindCUDA's: no HIP counterpart")
        if cmd.name == "message":
            continue  # prose ("introduced in CUDA 10.2"), not a build setting
        for a in cmd.args:
            for m in _CUDA_WORD.finditer(a.text):
                if m.group() == b"CUDA" and a.quoted:
                    continue  # the word in a string: a name, a description
                start, end = a.start + m.start(), a.start + m.end()
                if any(s <= start < e or (s == e == start) for s, e in port.handled):
                    continue
                if m.group() in (b"CUDA",) and cmd.name in ("project", "enable_language"):
                    continue
                _report_left(port, lines, start, end, f"{m.group().decode()}: a CUDA name of "
                             "CMake with no HIP translation; left as it is")


def _report_left(port: _Port, lines: set[int], start: int, end: int, message: str) -> None:
    line = port.data.count(b"\n", 0, start)
    if line in lines:
        return
    lines.add(line)
    port.note("HPY603", start, end, message, "port this line by hand (see the README's CMake section)")


def _add_packages(port: _Port, cmds: list[Command]) -> None:
    """find_package() for what the ported file now uses, before its first use (cxx: before the
    first target, so that a GPU_TARGETS set earlier is seen)."""
    if port.cuda_enabled_at is not None and not port.hip_style:
        port.packages.setdefault("hip", port.first_target_at or port.cuda_enabled_at)
    needed = {p: at for p, at in port.packages.items() if p not in port.found}
    if not needed:
        return
    by_anchor: dict[int, list[str]] = {}
    for package, at in sorted(needed.items(), key=lambda kv: (kv[0] != "hip", kv[0])):
        anchor = at
        if package == "hip" and port.first_target_at is not None:
            anchor = min(at, port.first_target_at)
        if port.cuda_enabled_at is not None and anchor < port.cuda_enabled_at:
            anchor = port.cuda_enabled_at
        by_anchor.setdefault(anchor, []).append(package)
    newline = port.newline
    for anchor, packages in by_anchor.items():
        line_start = port.data.rfind(b"\n", 0, anchor) + 1
        at_line_start = not port.data[line_start:anchor].strip()
        indent = _indent(port.data, anchor) if at_line_start else b""
        text = b"".join(indent + f"find_package({p} REQUIRED)".encode() + newline
                        for p in packages)
        if at_line_start:
            port.edit(line_start, line_start, text)
        else:  # right after a command on the same line: start a new line
            port.edit(anchor, anchor, newline + text.rstrip(b"\r\n"))
        port.note("HPY600", anchor, anchor, "added " + ", ".join(
            f"find_package({p} REQUIRED)" for p in packages))


def _remove_arg(port: _Port, a: Arg) -> None:
    _remove_span(port, a.start, a.end)


def _remove_span(port: _Port, start: int, end: int) -> None:
    """Take out start..end with the blanks before it (alone on its line: the line)."""
    line = _own_line(port.data, start, end)
    if line is not None:
        port.edit(*line, b"")
        return
    s = start
    while s > 0 and port.data[s - 1 : s] in (b" ", b"\t"):
        s -= 1
    if s > 0 and port.data[s - 1 : s] in (b"\n", b"("):
        # at a line's or the list's start: take the blanks after it instead
        s = start
        while end < len(port.data) and port.data[end : end + 1] in (b" ", b"\t"):
            end += 1
    port.edit(s, end, b"")


def _remove_command(port: _Port, cmd: Command) -> None:
    """A whole command, with its line when it stands alone."""
    line = _own_line(port.data, cmd.start, cmd.end)
    port.edit(*(line or (cmd.start, cmd.end)), b"")
    port.handled.add((cmd.start, cmd.end))


def _own_line(data: bytes, start: int, end: int) -> tuple[int, int] | None:
    """The whole line(s) of start..end, newline included, when nothing else stands on them."""
    line_start = data.rfind(b"\n", 0, start) + 1
    nl = data.find(b"\n", end)
    line_end = len(data) if nl == -1 else nl + 1
    if data[line_start:start].strip() or data[end:line_end].strip():
        return None
    return line_start, line_end


def _indent(data: bytes, offset: int) -> bytes:
    line_start = data.rfind(b"\n", 0, offset) + 1
    k = line_start
    while k < len(data) and data[k : k + 1] in (b" ", b"\t"):
        k += 1
    return data[line_start:k]
