"""The libclang front end: the only module that imports clang.

parse_source() turns the bytes of one CUDA file into a ParsedSource of plain values:
  * every token of the file (raw lexing: inactive #if branches and macro bodies included), with
    UTF-8 byte offsets; comments and whitespace are the gaps between tokens;
  * the function bodies that run on the device (__global__/__device__), from the AST;
  * names the user declares inside a namespace of their own (not API uses);
  * the ranges the preprocessor skipped (only when asked, it needs the detailed record);
  * clang's own diagnostics (expected without CUDA headers; shown only on request).
Everything downstream is pure Python over these values.
"""

from __future__ import annotations

import atexit
import bisect
import contextlib
import ctypes
import functools
import itertools
import os
import queue
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, overload

from hipify_py.engine.header_skeletons import execution_space_names, header_skeletons
from hipify_py.settings import Settings, cuda_major_minor, cuda_version_number, include_dirs_of
from hipify_py.tables.cuda_releases import library_defines

# Token kinds, numbered as libclang's CXTokenKind.
PUNCT, KEYWORD, IDENT, LITERAL, COMMENT = 0, 1, 2, 3, 4

# Parse options (CXTranslationUnit_*). cindex.py does not name the last two.
_DETAILED_PREPROCESSING_RECORD = 0x01
_SKIP_FUNCTION_BODIES = 0x40  # bodies are found on tokens: parsing them is most of clang's time
_KEEP_GOING = 0x200
_RETAIN_EXCLUDED_BLOCKS = 0x8000

_PRELUDE_NAME = "/__hipify_py__/cuda_prelude.h"
# -nostdinc/-nostdinc++: the system's C and C++ headers would only tell clang what std:: is,
# which no rule needs, and cost two thirds of the parse time (<vector> alone is ~10k lines).
# Like the absent CUDA headers, a missing system header is an error clang recovers from.
_BASE_ARGS = (
    "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17",
    "-Wno-unknown-cuda-version", "-ferror-limit=0", "-fno-spell-checking", "-nostdinc++", "-nostdinc",
)


class Token(NamedTuple):
    kind: int
    start: int
    end: int
    text: str


_BRACES = re.compile(rb"[{}]")


@functools.cache
def _one_kind(kind: int) -> bytes:
    """A bytes.translate table keeping one token kind (as 1) and zeroing the others."""
    return bytes(kind) + b"\x01" + bytes(255 - kind)



class TokenList(Sequence[Token]):
    """The tokens of one file, stored as columns; Token values are made only when asked for.

    A 10,000-line file has about 100,000 tokens and most rules look at a few of them: keeping
    kinds as one bytes object and offsets as integer columns costs a few C-level copies instead
    of 100,000 Python objects.
    """

    __slots__ = ("_base", "_braces", "_data", "_lengths", "_locations", "_of_kind", "_raws",
                 "kinds")

    def __init__(self, data: bytes, kinds: bytes, locations: Sequence[int],
                 lengths: Sequence[int], base: int = 0) -> None:
        self._data = data
        self.kinds = kinds  # one CXTokenKind byte per token
        self._locations = locations  # start offset + base
        self._lengths = lengths
        self._base = base
        self._of_kind: dict[int, list[int]] = {}
        self._raws: dict[int, list[bytes]] = {}
        self._braces: dict[int, int] | None = None

    @classmethod
    def from_tokens(cls, data: bytes, tokens: Iterable[tuple[int, int, int]]) -> TokenList:
        """From (kind, start, end) triples (the slow path and tests)."""
        triples = list(tokens)
        return cls(data, bytes(k for k, _, _ in triples), [s for _, s, _ in triples],
                   [e - s for _, s, e in triples])

    def __len__(self) -> int:
        return len(self.kinds)

    @overload
    def __getitem__(self, i: int) -> Token: ...
    @overload
    def __getitem__(self, i: slice) -> list[Token]: ...
    def __getitem__(self, i: int | slice) -> Token | list[Token]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self.kinds)))]
        if i < 0:
            i += len(self.kinds)
        start = self._locations[i] - self._base
        end = start + self._lengths[i]
        return Token(self.kinds[i], start, end,
                     self._data[start:end].decode("utf-8", "surrogateescape"))

    def __iter__(self) -> Iterator[Token]:
        for i in range(len(self.kinds)):
            yield self[i]

    def start(self, i: int) -> int:
        return self._locations[i] - self._base

    def end(self, i: int) -> int:
        return self._locations[i] - self._base + self._lengths[i]

    def text(self, i: int) -> str:
        start = self._locations[i] - self._base
        return self._data[start : start + self._lengths[i]].decode("utf-8", "surrogateescape")

    def raw(self, i: int) -> bytes:
        start = self._locations[i] - self._base
        return self._data[start : start + self._lengths[i]]

    def raws_of_kind(self, kind: int) -> list[bytes]:
        """The bytes of every token of one kind, in the order of of_kind(kind): made in one
        comprehension and kept (a call of raw() per token, in the loops of several rules, cost
        more than the rules' own work). Callers must not modify the list."""
        found = self._raws.get(kind)
        if found is None:
            data, base, locations, lengths = self._data, self._base, self._locations, self._lengths
            found = [data[locations[i] - base : locations[i] - base + lengths[i]]
                     for i in self.of_kind(kind)]
            self._raws[kind] = found
        return found

    def of_kind(self, kind: int) -> list[int]:
        """Indexes of every token of one kind, found at C speed (and kept: several rules ask).
        Callers must not modify the list."""
        found = self._of_kind.get(kind)
        if found is None:
            # kinds made 1 where the kind is, 0 elsewhere, selects the indexes in C
            found = list(itertools.compress(range(len(self.kinds)),
                                            self.kinds.translate(_one_kind(kind))))
            self._of_kind[kind] = found
        return found

    def brace_partner(self, index: int) -> int | None:
        """The `}` token matching the `{` token at index (None if unbalanced). All pairs are
        found in one pass over the brace bytes, not by walking tokens."""
        if self._braces is None:
            pairs: dict[int, int] = {}
            stack: list[int] = []
            data, base, kinds = self._data, self._base, self.kinds
            for m in _BRACES.finditer(data):
                i = self.index_at(m.start())
                if i >= len(kinds) or kinds[i] != PUNCT or self._locations[i] - base != m.start():
                    continue  # a brace inside a comment or a string literal
                if data[m.start()] == 0x7B:  # "{"
                    stack.append(i)
                elif stack:
                    pairs[stack.pop()] = i
            self._braces = pairs
        return self._braces.get(index)

    def index_at(self, offset: int) -> int:
        """Index of the first token that ends after offset (len(self) if none)."""
        # Tokens do not overlap: bisect the starts (in C), then step back into a token that
        # covers the offset.
        j = bisect.bisect_right(self._locations, offset + self._base)
        if j > 0 and self._locations[j - 1] - self._base + self._lengths[j - 1] > offset:
            return j - 1
        return j


class FunctionBody(NamedTuple):
    """A function definition with an execution space, as byte offsets of the whole definition."""

    start: int
    end: int
    name: str
    spaces: frozenset[str]  # subset of {"global", "device", "host"}

    @property
    def on_device(self) -> bool:
        return "global" in self.spaces or "device" in self.spaces


class UserDeclaration(NamedTuple):
    """A name the user declares inside their own namespace or class (start..end: that scope)."""

    name: str
    namespace: str
    start: int
    end: int


class ClangDiagnostic(NamedTuple):
    """One of clang's own diagnostics (--show-clang-diagnostics)."""

    line: int
    column: int
    severity: str
    message: str


class DeviceFunctions:
    """The __global__/__device__ functions of a file, by position: the innermost one around an
    offset is found by bisection (rules ask per token: a scan of every function per question
    was quadratic in a file of thousands of kernels, issue 30)."""

    __slots__ = ("_functions", "_parents", "_starts")

    def __init__(self, functions: Iterable[FunctionBody]) -> None:
        # By start, an enclosing function before the ones it holds (sorted() is stable: of two
        # with one extent, the later found stays the inner one, as it was).
        ordered = sorted((fn for fn in functions if fn.on_device), key=lambda f: (f.start, -f.end))
        parents: list[int] = []
        open_: list[int] = []
        for k, fn in enumerate(ordered):
            while open_ and ordered[open_[-1]].end <= fn.start:
                open_.pop()
            parents.append(open_[-1] if open_ else -1)
            open_.append(k)
        self._functions = ordered
        self._parents = parents
        self._starts = [fn.start for fn in ordered]

    def at(self, offset: int) -> FunctionBody | None:
        k = bisect.bisect_right(self._starts, offset) - 1
        while k >= 0:  # the last one to start here, else the functions around it
            fn = self._functions[k]
            if offset < fn.end:
                return fn
            k = self._parents[k]
        return None


_NO_FUNCTIONS = DeviceFunctions(())


class ParsedSource(NamedTuple):
    """What parsing gives the rules: the bytes, their tokens and what the AST told."""

    data: bytes
    tokens: TokenList
    functions: tuple[FunctionBody, ...] = ()
    user_declarations: tuple[UserDeclaration, ...] = ()
    skipped_ranges: tuple[tuple[int, int], ...] = ()
    clang_diagnostics: tuple[ClangDiagnostic, ...] = ()
    failed: bool = False  # libclang could not parse the file at all
    device_functions: DeviceFunctions = _NO_FUNCTIONS  # the functions, indexed

    def device_function_at(self, offset: int) -> FunctionBody | None:
        """The innermost __global__/__device__ function containing offset, if any."""
        return self.device_functions.at(offset)


@functools.cache
def _prelude_text() -> bytes:
    # A plain path, not importlib.resources (13 ms to import): the package is never zipped.
    return (Path(__file__).parent / "prelude" / "cuda_prelude.h").read_bytes()


def _index() -> Any:
    with _INDEX_LOCK:  # the loading thread and the parser may ask at once
        return _the_index()


@functools.cache
def _the_index() -> Any:
    # One libclang index per process: creating it loads libclang (tens of milliseconds).
    from clang import cindex

    index = cindex.Index.create()
    # Dispose of it while cindex is still importable: left to interpreter shutdown, its
    # __del__ runs after the module is torn down and prints an ignored AttributeError.
    atexit.register(_the_index.cache_clear)
    return index


_INDEX_LOCK = threading.Lock()


def load_libclang_in_background() -> None:
    """Start loading libclang on a thread of its own, for a run that will parse here (one
    file): most of the 10 ms of reading a 60 MB library then passes while Python imports the
    rest of the tool. Not where files go to worker processes: a thread must not be running when
    a process forks."""
    threading.Thread(target=_index, name="hipify-py libclang", daemon=True).start()


@functools.cache
def _from_main_file() -> Callable[[Any], int]:
    """clang_Location_isFromMainFile, which cindex.py does not wrap: asking a location for its
    file name instead costs two more foreign calls and a string per declaration."""
    from clang import cindex

    function = cindex.conf.lib.clang_Location_isFromMainFile
    function.argtypes = [cindex.SourceLocation]
    function.restype = ctypes.c_int
    return function  # type: ignore[no-any-return]


def clang_args(settings: Settings, extra: tuple[str, ...] = ()) -> list[str]:
    """The command line libclang sees for a file, given the user's options."""
    args = list(_BASE_ARGS)
    args += ["-include", _PRELUDE_NAME]
    if settings.cuda_path:
        args.append(f"-I{settings.cuda_path}/include")
    args += [f"-I{d}" for d in settings.include_dirs]
    number = cuda_version_number(settings.cuda_version)
    major, minor = cuda_major_minor(settings.cuda_version)
    args += [f"-DCUDART_VERSION={number}", f"-DCUDA_VERSION={number}",
             f"-D__CUDACC_VER_MAJOR__={major}", f"-D__CUDACC_VER_MINOR__={minor}",
             *library_defines(settings.cuda_version)]
    args += [f"-D{d}" for d in settings.defines]
    args += list(settings.extra_clang_args)
    args += list(extra)
    return args


def parse_source(
    data: bytes,
    path: str,
    settings: Settings,
    *,
    extra_args: tuple[str, ...] = (),
    want_ast: bool = True,
    is_namespaced_name: Callable[[str], bool] | None = None,
) -> ParsedSource:
    """Parse one file. Never raises for bad input: clang errors are data, not exceptions.

    is_namespaced_name(name) tells which names declared inside a user namespace matter (the
    mapped CUDA names); None records none.
    """
    from clang import cindex

    if path.startswith("-"):
        path = os.path.join(os.curdir, path)  # `-dash.cu` would reach clang as an option
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:  # libclang takes UTF-8 names: a stand-in for this one
        path = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    options = _KEEP_GOING | _SKIP_FUNCTION_BODIES
    if settings.skip_excluded_blocks:
        options |= _DETAILED_PREPROCESSING_RECORD
    else:
        options |= _RETAIN_EXCLUDED_BLOCKS
    args = clang_args(settings, extra_args)
    main = _main_file_name(path)
    toolkit = (os.path.join(settings.cuda_path, "include"),) if settings.cuda_path else ()
    own = [(main, data), (_PRELUDE_NAME, _prelude_text())]
    skeletons = header_skeletons(path, data, include_dirs_of(args), keep_whole=toolkit)

    def parse_with(headers: list[tuple[str, bytes]]) -> ParsedSource:
        try:
            tu = _UNITS.parse(main, args, [*own, *headers], options)
        except cindex.TranslationUnitLoadError:
            return ParsedSource(data=data, tokens=_no_tokens(data), failed=True)
        tokens = _tokenize(tu, main, data)
        functions: tuple[FunctionBody, ...] = ()
        declarations: tuple[UserDeclaration, ...] = ()
        if want_ast:
            functions, declarations = _walk(tu, main, tokens, is_namespaced_name)
        skipped = _skipped_ranges(tu, main) if settings.skip_excluded_blocks else ()
        diagnostics = _diagnostics(tu, main) if settings.show_clang_diagnostics else ()
        return ParsedSource(data, tokens, functions, declarations, skipped, diagnostics,
                            device_functions=DeviceFunctions(functions))

    def parse() -> ParsedSource:
        parsed = parse_with(skeletons)
        if (skeletons and want_ast and not parsed.failed
                and lost_declarations(parsed, skeletons, is_namespaced_name)):
            # A declaration needed a header's own declarations (a kernel taking lib::Box<T>):
            # this file's headers whole, as clang would read them.
            parsed = parse_with([])
        return parsed

    return _on_parser_stack(parse)


# Half of what parsing a small file costs is setting clang up (its driver looks for CUDA and
# the OS on disk, then builds a compiler for the arguments), the same for every file of a
# folder. So files are parsed as one stand-in main file per folder and argument list, the
# translation unit reparsed with each file's bytes: the driver runs once, and an #include
# "..." still searches the file's own folder first. No file of a project has this name.
_MAIN_STAND_IN = ".hipify-py-main.cu"
_UNITS_KEPT = 4  # translation units kept for reparsing (each holds its last AST)


def _main_file_name(path: str) -> str:
    return os.path.join(os.path.dirname(path), _MAIN_STAND_IN)


class _ReusedUnits:
    """Translation units by (main file, arguments, options), the most recent last."""

    def __init__(self) -> None:
        self._units: dict[tuple[str, tuple[str, ...], int], Any] = {}

    def parse(self, main: str, args: Sequence[str], unsaved: Sequence[tuple[str, bytes]],
              options: int) -> Any:
        from clang.cindex import _CXUnsavedFile, conf

        key = (main, tuple(args), options)
        tu = self._units.pop(key, None)
        if tu is not None:
            files = (_CXUnsavedFile * len(unsaved))()
            for slot, (name, content) in zip(files, unsaved, strict=True):
                slot.name, slot.contents, slot.length = name.encode(), content, len(content)
            if conf.lib.clang_reparseTranslationUnit(tu, len(unsaved), files, 0) != 0:
                tu = None  # clang says the unit is unusable now: a fresh parse
        if tu is None:
            tu = _index().parse(main, args=list(args), unsaved_files=list(unsaved),
                                options=options)
        self._units[key] = tu
        while len(self._units) > _UNITS_KEPT:
            del self._units[next(iter(self._units))]
        return tu

    def clear(self) -> None:
        self._units.clear()


_UNITS = _ReusedUnits()
atexit.register(_UNITS.clear)  # before cindex is torn down (see _index)


def release_parser() -> None:
    """Free the translation units kept for reparsing, once a run has parsed its last file, and
    hand the memory back to the system where the C library can: clang's ASTs were the largest
    part of what a -j1 run still held when its reports were made, the peak of the run. A later
    parse starts afresh."""
    _UNITS.clear()
    # glibc returns freed heap pages (not pymalloc's); with another C library the memory
    # stays in the process, as before.
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)


# clang's parser recurses once per nesting level of an expression or declaration (about 500
# bytes of stack each): in libclang's own 8 MiB thread a generated 20,000-term sum, or 20,000
# nested template parameter lists, overflowed the stack and killed the process (SIGSEGV).
# Parsing runs on a thread of ours with this much stack (address space: pages are only used
# as deep as the parse goes), libclang told to parse on the calling thread.
_PARSER_STACK = 1 << 30
T = TypeVar("T")


def _on_parser_stack(work: Callable[[], T]) -> T:
    """work() on the parser thread, which has _PARSER_STACK of stack; where none can be made,
    here (libclang then parses on its own thread, as it did)."""
    return _PARSER.run(work)


class _ParserThread:
    """One such thread per process, kept: making one per file (a 1 GiB stack mapped, a thread
    started and joined) cost a tenth of parsing a small file. It also parses one file at a
    time, as the translation units kept for reparsing need, whichever thread asks."""

    def __init__(self) -> None:
        self._pid = -1  # the process that started the thread (a forked worker has none)
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], list[Any], threading.Lock]] = (
            queue.SimpleQueue())
        self._starting = threading.Lock()

    def run(self, work: Callable[[], T]) -> T:
        if self._pid != os.getpid() and not self._start():
            return work()
        done = threading.Lock()
        done.acquire()
        box: list[Any] = []
        self._jobs.put((work, box, done))
        done.acquire()  # released by the parser thread when box holds the outcome
        value, failed = box
        if failed is not None:
            raise failed  # handed to the caller's thread
        return value  # type: ignore[no-any-return]

    def _start(self) -> bool:
        with self._starting:
            if self._pid == os.getpid():
                return True
            try:
                previous = threading.stack_size(_PARSER_STACK)
            except (ValueError, RuntimeError):
                return False
            os.environ["LIBCLANG_NOTHREADS"] = "1"  # (read by each parse)
            self._jobs = queue.SimpleQueue()
            try:
                threading.Thread(target=self._serve, args=(self._jobs,), name="hipify-py-parse",
                                 daemon=True).start()
            except RuntimeError:  # no address space for such a stack: the caller's own
                return False
            finally:
                threading.stack_size(previous)
            self._pid = os.getpid()
            return True

    @staticmethod
    def _serve(jobs: queue.SimpleQueue[tuple[Callable[[], Any], list[Any], threading.Lock]]
               ) -> None:
        while True:
            work, box, done = jobs.get()
            try:
                box.extend((work(), None))
            except BaseException as exc:
                box.extend((None, exc))
            done.release()


_PARSER = _ParserThread()


_TOKEN_WORDS = 6  # sizeof(CXToken) / sizeof(unsigned): int_data[4] and a pointer


def _tokenize(tu: Any, path: str, data: bytes) -> TokenList:
    """All tokens of the main file, read in bulk.

    cindex's Token objects cost several ctypes calls each; here the CXToken array is copied once
    and read as columns: int_data[0] is the kind, int_data[1] the raw source location (the
    main-file offset plus the file's base; the base is the raw encoding of offset 0), int_data[2]
    the length. tests/test_parsing.py checks this against cindex's own, slower path.
    """
    from clang.cindex import Token as CXToken
    from clang.cindex import conf

    lib = conf.lib
    try:
        cxfile = tu.get_file(path)
    except Exception:  # libclang did not register the file: nothing to tokenize
        return _no_tokens(data)
    begin = lib.clang_getLocationForOffset(tu, cxfile, 0)
    end = lib.clang_getLocationForOffset(tu, cxfile, len(data))
    extent = lib.clang_getRange(begin, end)
    tokens_ptr = ctypes.POINTER(CXToken)()
    count = ctypes.c_uint()
    lib.clang_tokenize(tu, extent, ctypes.byref(tokens_ptr), ctypes.byref(count))
    n = count.value
    if n == 0:
        return _no_tokens(data)
    size = ctypes.sizeof(CXToken)
    try:
        raw = ctypes.string_at(tokens_ptr, size * n)
    finally:
        lib.clang_disposeTokens(tu, tokens_ptr, count)
    if size != _TOKEN_WORDS * 4:  # a libclang with another CXToken layout: decode one by one
        return _tokenize_slowly(tu, data)
    words = memoryview(raw).cast("I")
    kinds = bytes(words[0::_TOKEN_WORDS].tolist())
    return TokenList(data, kinds, words[1::_TOKEN_WORDS], words[2::_TOKEN_WORDS], begin.int_data)


def _tokenize_slowly(tu: Any, data: bytes) -> TokenList:
    return TokenList.from_tokens(
        data,
        ((t.kind.value, t.extent.start.offset, t.extent.end.offset)
         for t in tu.get_tokens(extent=tu.cursor.extent)),
    )


def _no_tokens(data: bytes) -> TokenList:
    """Used only if libclang cannot tokenize the file at all: no tokens, so no edits."""
    return TokenList(data, b"", [], [])


_SPACE_ATTRS = {"CUDAGLOBAL_ATTR": "global", "CUDADEVICE_ATTR": "device", "CUDAHOST_ATTR": "host"}
_FUNCTION_KINDS = {
    "FUNCTION_DECL", "FUNCTION_TEMPLATE", "CXX_METHOD", "CONSTRUCTOR", "DESTRUCTOR",
    "CONVERSION_FUNCTION",
}
_SCOPE_KINDS = {
    "NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL", "CLASS_DECL", "STRUCT_DECL",
    "CLASS_TEMPLATE", "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION", "UNION_DECL",
}
_NAMED_DECL_KINDS = _FUNCTION_KINDS | {
    "VAR_DECL", "FIELD_DECL", "TYPEDEF_DECL", "TYPE_ALIAS_DECL", "STRUCT_DECL", "CLASS_DECL", "ENUM_DECL",
    "ENUM_CONSTANT_DECL", "UNION_DECL",
}


def _walk(
    tu: Any, path: str, tokens: TokenList, is_namespaced_name: Callable[[str], bool] | None
) -> tuple[tuple[FunctionBody, ...], tuple[UserDeclaration, ...]]:
    """Declarations only (not statements): function definitions with their execution space,
    and mapped names declared inside user namespaces. Function bodies are not parsed
    (CXTranslationUnit_SkipFunctionBodies); a body is the brace block after the declarator."""
    functions: list[FunctionBody] = []
    declarations: list[UserDeclaration] = []

    from_main_file = _from_main_file()

    def in_main_file(cursor: Any) -> bool:
        return bool(from_main_file(cursor.location))

    def visit(cursor: Any, namespace: Any | None) -> None:
        for child in cursor.get_children():
            kind = child.kind.name
            if kind in _FUNCTION_KINDS:
                if not in_main_file(child):
                    continue
                spaces = frozenset(
                    _SPACE_ATTRS[c.kind.name]
                    for c in child.get_children()
                    if c.kind.name in _SPACE_ATTRS
                )
                if spaces:
                    ext = child.extent
                    body_end = _body_end(tokens, ext.end.offset)
                    if body_end is not None:
                        functions.append(
                            FunctionBody(ext.start.offset, body_end, child.spelling, spaces)
                        )
            if (
                namespace is not None
                and is_namespaced_name is not None
                and kind in _NAMED_DECL_KINDS
                and is_namespaced_name(child.spelling)
                and in_main_file(child)
            ):
                ext = namespace.extent
                declarations.append(
                    UserDeclaration(child.spelling, namespace.spelling, ext.start.offset,
                                    ext.end.offset)
                )
            if kind in _SCOPE_KINDS:
                if kind in ("LINKAGE_SPEC", "UNEXPOSED_DECL"):
                    visit(child, namespace)
                elif in_main_file(child):
                    # A namespace or class of the user's: names declared in it are theirs.
                    visit(child, child)

    visit(tu.cursor, None)
    return tuple(functions), tuple(declarations)


def lost_declarations(parsed: ParsedSource, skeletons: Sequence[tuple[str, bytes]],
                      is_namespaced_name: Callable[[str], bool] | None) -> bool:
    """Did parsing with the headers' skeletons lose what the AST is read for? An execution
    space (`__global__`, or a macro of one) written before a body that no function found holds,
    or a mapped name declared in a user namespace (after a type) that no declaration recorded:
    with the headers' declarations missing, clang could not read that declaration."""
    tokens = parsed.tokens
    spaces = execution_space_names([parsed.data, *(text for _, text in skeletons)])
    for i, text in zip(tokens.of_kind(IDENT), tokens.raws_of_kind(IDENT), strict=True):
        if text not in spaces:
            continue
        at = tokens.start(i)
        if any(f.start <= at < f.end for f in parsed.functions) or _in_directive(parsed.data, at):
            continue
        if _body_end(tokens, tokens.end(i)) is not None:
            return True
    if is_namespaced_name is None:
        return False
    declared = {d.name for d in parsed.user_declarations}
    for first, last in _user_namespaces(tokens):
        for i in range(first + 1, last):
            if (tokens.kinds[i] == IDENT and tokens.text(i) not in declared
                    and is_namespaced_name(tokens.text(i)) and _after_a_type(tokens, i)):
                return True
    return False


def _in_directive(data: bytes, offset: int) -> bool:
    """Is offset on a line of a directive (a macro's definition, say), continuations included?"""
    line = data.rfind(b"\n", 0, offset) + 1
    while True:
        if data[line:offset].lstrip().startswith(b"#"):
            return True
        if line == 0:
            return False
        previous = data.rfind(b"\n", 0, line - 1) + 1
        if not data[previous:line - 1].rstrip(b"\r").endswith(b"\\"):
            return False  # the line before does not continue onto this one
        offset, line = line - 1, previous


def _user_namespaces(tokens: TokenList) -> Iterator[tuple[int, int]]:
    """(`{`, `}`) token indexes of each `namespace name {` block of the file."""
    kinds = tokens.kinds
    for i in tokens.of_kind(KEYWORD):
        if tokens.raw(i) != b"namespace":
            continue
        k = i + 1
        while k < len(kinds) and (kinds[k] == IDENT or tokens.raw(k) in (b"::", b"inline")):
            k += 1
        if k < len(kinds) and tokens.raw(k) == b"{":
            close = tokens.brace_partner(k)
            if close is not None:
                yield k, close


def _after_a_type(tokens: TokenList, i: int) -> bool:
    """Is the name at i declared (after a type or declarator punctuation), not called?"""
    k = i - 1
    while k >= 0 and tokens.kinds[k] == COMMENT:
        k -= 1
    if k < 0:
        return False
    return tokens.kinds[k] == IDENT or tokens.raw(k) in (b">", b"*", b"&", b"&&")


def _body_end(tokens: TokenList, offset: int) -> int | None:
    """End offset of the function body that follows a declarator ending at offset, or None
    for a declaration without a body. Skips trailing return types, qualifiers, attributes and
    constructor initializer lists (whose `x{...}` braces follow an identifier)."""
    kinds = tokens.kinds
    n = len(kinds)
    i = tokens.index_at(offset)
    depth = 0
    limit = min(n, i + 2000)
    while i < limit:
        if kinds[i] == PUNCT:
            t = tokens.raw(i)
            if t in (b"(", b"["):
                depth += 1
            elif t in (b")", b"]"):
                depth -= 1
            elif depth == 0 and t in (b";", b"="):
                return None
            elif depth == 0 and t == b"{":
                prev = i - 1
                while prev >= 0 and kinds[prev] == COMMENT:
                    prev -= 1
                if prev >= 0 and kinds[prev] == IDENT and tokens.raw(prev - 1) in (b":", b","):
                    initializer_end = _matching_brace(tokens, i)  # a member initializer `x{...}`
                    if initializer_end is None:
                        return None
                    i = initializer_end
                else:
                    close = _matching_brace(tokens, i)
                    return tokens.end(close) if close is not None else None
        i += 1
    return None


def _matching_brace(tokens: TokenList, i: int) -> int | None:
    return tokens.brace_partner(i)


class _CXSourceRangeList(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint), ("ranges", ctypes.c_void_p)]


def _skipped_ranges(tu: Any, path: str) -> tuple[tuple[int, int], ...]:
    """Byte ranges of the main file that the preprocessor skipped (inactive #if branches)."""
    from clang.cindex import SourceRange, conf

    lib = conf.lib
    fn = lib.clang_getSkippedRanges
    fn.restype = ctypes.POINTER(_CXSourceRangeList)
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    dispose = lib.clang_disposeSourceRangeList
    dispose.argtypes = [ctypes.POINTER(_CXSourceRangeList)]
    try:
        cxfile = tu.get_file(path)
    except Exception:
        return ()
    lst = fn(tu.obj, cxfile.obj)
    try:
        ranges = ctypes.cast(lst.contents.ranges, ctypes.POINTER(SourceRange))
        out = [
            (ranges[i].start.offset, ranges[i].end.offset) for i in range(lst.contents.count)
        ]
    finally:
        dispose(lst)
    return tuple(out)


def _diagnostics(tu: Any, path: str) -> tuple[ClangDiagnostic, ...]:
    out = []
    for diag in tu.diagnostics:
        loc = diag.location
        if loc.file is None or loc.file.name != path:
            continue
        severity = {1: "note", 2: "warning", 3: "error", 4: "fatal"}.get(diag.severity, "note")
        out.append(ClangDiagnostic(loc.line, loc.column, severity, diag.spelling))
    return tuple(out)
