"""Makefiles: nvcc and its flags, CUDA's libraries and install paths, to hipcc's.

Driven by mappings/build_flags.yaml. A Makefile is read as logical lines (backslash
continuations joined) and words; only words are rewritten, so recipes, variables, conditionals
and comments stay byte-exact:

* the compiler: `nvcc` (also as a path, `$(CUDA_DIR)/bin/nvcc`) becomes `hipcc`, found on PATH;
* flags: a plain flag is replaced or dropped; a valued flag (`-arch=sm_70`, `-arch sm_70`,
  `-gencode arch=...,code=...`, `-Xcompiler -fopenmp,-O3`) by kind: architectures become
  `--offload-arch=` for each target of --offload-arch (once per line, however many nvcc gave),
  host-compiler flags are passed straight, `-rdc=true` becomes `-fgpu-rdc`, `-x cu` `-x hip`;
* `-lcudart` and friends become the HIP libraries; a CUDA toolkit path becomes ROCm's.

A flag hipcc would reject and that has no counterpart is taken out of the build and reported
(HPY602) on its line; every rewrite is noted (HPY600), every drop says why (HPY601).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from hipify_py.engine.edits import Edit
from hipify_py.reporting.diagnostics import Finding
from hipify_py.settings import Settings, Version
from hipify_py.tables.mapping_model import BuildFlags, FlagRule

FAMILY = "build"

_WORD = re.compile(rb"[^\s]+")
_ASSIGNMENT = re.compile(rb"^([A-Za-z_][A-Za-z0-9_.-]*)(?:\+|:|::|\?|!)?=(.*)$", re.S)
_CUDA_PATH = re.compile(rb"/usr/local/cuda(?:-[0-9][0-9.]*)?(?![\w.-])")
_NVCC = re.compile(rb"^(?:.*/)?nvcc(?:\.exe)?$")


@dataclass(frozen=True, slots=True)
class Word:
    text: bytes
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)


def offload_targets(flags: BuildFlags, settings: Settings) -> tuple[str, ...]:
    """--offload-arch, else the table's default targets the target HIP's compiler knows."""
    if settings.offload_arch:
        return settings.offload_arch
    version = settings.hip_version
    return tuple(name for name, since in flags.default_offload_arch
                 if not since or version is None or version >= Version.parse(since))


def port_makefile(data: bytes, flags: BuildFlags, settings: Settings) -> Iterator[Edit | Finding]:
    arch = offload_targets(flags, settings)
    for words in _logical_lines(data):
        yield from port_words(data, words, flags, arch)


def _logical_lines(data: bytes) -> Iterator[list[Word]]:
    """The words of each logical line, comments left out."""
    words: list[Word] = []
    pos = 0
    while pos < len(data):
        nl = data.find(b"\n", pos)
        end = len(data) if nl == -1 else nl
        line = data[pos:end].rstrip(b"\r")
        continued = line.endswith(b"\\") and not line.endswith(b"\\\\")
        code = line[:-1] if continued else line
        cut = _comment_start(code)
        if cut is not None:
            code, continued = code[:cut], False  # make ends a comment at the line's end
        words += [Word(m.group(), pos + m.start()) for m in _WORD.finditer(code)]
        if not continued:
            yield words
            words = []
        pos = end + 1
    if words:
        yield words


def _comment_start(line: bytes) -> int | None:
    """Where a `#` comment starts: not escaped, not inside quotes, not in $(...)."""
    quote = 0
    depth = 0
    for k, c in enumerate(line):
        if quote:
            if c == quote:
                quote = 0
            continue
        if c in (0x22, 0x27):  # " '
            quote = c
        elif c == 0x28 and k and line[k - 1] == 0x24:  # $(
            depth += 1
        elif c == 0x29 and depth:
            depth -= 1
        elif c == 0x23 and not depth and (k == 0 or line[k - 1] != 0x5C):  # unescaped #
            return k
    return None


def port_words(data: bytes, words: list[Word], flags: BuildFlags,
               arch: tuple[str, ...]) -> Iterator[Edit | Finding]:
    arch_done = False
    skip = 0
    for k, word in enumerate(words):
        if skip:
            skip -= 1
            continue
        text = word.text
        assignment = _ASSIGNMENT.match(text)
        if assignment is not None and assignment.group(2):
            # `NVCC=nvcc` or `FLAGS+=-arch=sm_70` written without spaces: port the value.
            word = Word(assignment.group(2), word.start + assignment.start(2))
            text = word.text
        if _NVCC.match(text):
            compiler = flags.compilers.get("nvcc", "hipcc")
            yield Edit(word.start, word.end, compiler.encode(), "makefiles")
            yield _note("HPY600", word, f"{text.decode()} -> {compiler} (found on PATH)")
            continue
        rule = flags.flags.get(text.decode("utf-8", "replace"))
        if rule is not None:
            yield from _plain(data, words, k, word, rule)
            continue
        valued = _valued(words, k, word, flags)
        if valued is not None:
            name, rule, value, used = valued
            skip = used
            last = words[k + used] if used else word
            span = Word(data[word.start : last.end], word.start)
            if rule.kind == "arch":
                yield from _arch(data, span, value, arch, arch_done)
                arch_done = True
            else:
                yield from _other_valued(data, span, name, rule, value)
            continue
        if text.startswith(b"-l") and text[2:].decode("utf-8", "replace") in flags.libraries:
            yield from _library(data, word, flags.libraries[text[2:].decode()])
            continue
        yield from _paths(word, flags)


def _plain(data: bytes, words: list[Word], k: int, word: Word,
           rule: FlagRule) -> Iterator[Edit | Finding]:
    flag = word.text.decode()
    if rule.kind == "hip":
        yield Edit(word.start, word.end, rule.hip.encode(), "makefiles")
        note = f" ({rule.why})" if rule.why else ""
        yield _note("HPY600", word, f"{flag} -> {rule.hip}{note}")
        return
    yield _remove(data, word)
    if rule.kind == "drop":
        yield _note("HPY601", word, f"{flag} dropped: {rule.why}")
    else:
        yield Finding("HPY602", word.start, word.end,
                      f"{flag} has no hipcc counterpart and was taken out: {rule.why}", flag,
                      None, FAMILY)


def _valued(words: list[Word], k: int, word: Word,
            flags: BuildFlags) -> tuple[str, FlagRule, bytes, int] | None:
    """(flag, rule, value, words used after this one) for a valued flag at words[k]."""
    text = word.text.decode("utf-8", "replace")
    name, eq, value = text.partition("=")
    rule = flags.valued.get(name)
    if rule is not None and eq:
        return name, rule, value.encode(), 0
    rule = flags.valued.get(text)
    if rule is not None and k + 1 < len(words):
        nxt = words[k + 1].text
        used = 1
        if nxt[:1] in (b'"', b"'") and not (len(nxt) > 1 and nxt.endswith(nxt[:1])):
            while k + used + 1 < len(words) and not words[k + used].text.endswith(nxt[:1]):
                used += 1
        return text, rule, b" ".join(w.text for w in words[k + 1 : k + 1 + used]), used
    if rule is not None:
        return text, rule, b"", 0
    return None


def _arch(data: bytes, span: Word, value: bytes, arch: tuple[str, ...],
          done: bool) -> Iterator[Edit | Finding]:
    shown = data[span.start : span.end].decode("utf-8", "replace")
    if done:  # the line's targets are already given by its first architecture flag
        yield _remove(data, span)
        yield _note("HPY601", span, f"{shown} dropped: the targets are set once per line")
        return
    targets = " ".join(f"--offload-arch={a}" for a in arch)
    yield Edit(span.start, span.end, targets.encode(), "makefiles")
    yield _note("HPY600", span, f"{shown} -> {targets} (AMD targets: --offload-arch "
                                f"{','.join(arch)}; NVIDIA's {value.decode('utf-8', 'replace')} "
                                "has no AMD meaning)")


def _other_valued(data: bytes, span: Word, name: str, rule: FlagRule,
                  value: bytes) -> Iterator[Edit | Finding]:
    shown = data[span.start : span.end].decode("utf-8", "replace")
    bare = value.strip(b"\"'")
    if rule.kind == "xcompiler":
        host = b" ".join(p for p in bare.split(b",") if p)
        yield Edit(span.start, span.end, host, "makefiles")
        yield _note("HPY600", span, f"{shown} -> {host.decode('utf-8', 'replace')} (hipcc takes "
                                    "host-compiler flags directly)")
    elif rule.kind == "rdc":
        if bare.lower() in (b"true", b"1"):
            yield Edit(span.start, span.end, b"-fgpu-rdc", "makefiles")
            yield _note("HPY600", span, f"{shown} -> -fgpu-rdc")
        else:
            yield _remove(data, span)
            yield _note("HPY601", span, f"{shown} dropped: whole-program compilation is the "
                                        "default")
    elif rule.kind == "language":
        if bare == b"cu":
            yield Edit(span.start, span.end, f"{name} hip".encode(), "makefiles")
            yield _note("HPY600", span, f"{shown} -> {name} hip")
    elif rule.kind == "drop":
        yield _remove(data, span)
        yield _note("HPY601", span, f"{shown} dropped: {rule.why}")
    else:
        yield _remove(data, span)
        yield Finding("HPY602", span.start, span.end,
                      f"{shown} has no hipcc counterpart and was taken out: {rule.why}", name,
                      None, FAMILY)


def _library(data: bytes, word: Word, hip: str | None) -> Iterator[Edit | Finding]:
    flag = word.text.decode()
    if hip is None:
        yield _remove(data, word)
        yield Finding("HPY602", word.start, word.end,
                      f"{flag}: no HIP counterpart of this library; taken out of the link", flag,
                      None, FAMILY)
        return
    yield Edit(word.start, word.end, f"-l{hip}".encode(), "makefiles")
    yield _note("HPY600", word, f"{flag} -> -l{hip}")


def _paths(word: Word, flags: BuildFlags) -> Iterator[Edit | Finding]:
    for cuda, rocm in flags.paths.items():
        if cuda != "/usr/local/cuda":
            continue  # the one install path CUDA uses; versioned copies match the pattern
        for m in _CUDA_PATH.finditer(word.text):
            end = m.end()
            rest = word.text[end:]
            lib64 = rest.startswith(b"/lib64")
            replacement = rocm.encode() + (b"/lib" if lib64 else b"")
            stop = end + (6 if lib64 else 0)
            yield Edit(word.start + m.start(), word.start + stop, replacement, "makefiles")
            yield _note("HPY600", Word(word.text[m.start() : stop], word.start + m.start()),
                        f"{word.text[m.start() : stop].decode()} -> {replacement.decode()}")


def _remove(data: bytes, word: Word) -> Edit:
    """Take a word out with the blanks before it (at a line's start, the word alone): never a
    blank a neighbouring removal also takes."""
    start = word.start
    while start > 0 and data[start - 1 : start] in (b" ", b"\t"):
        start -= 1
    if start == 0 or data[start - 1 : start] == b"\n":
        start = word.start
    return Edit(start, word.end, b"", "makefiles")


def _note(code: str, word: Word, message: str) -> Finding:
    return Finding(code, word.start, word.end, message, None, None, FAMILY)
