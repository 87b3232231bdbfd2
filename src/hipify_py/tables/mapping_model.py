"""The mapping table as plain frozen values: what the YAML files in mappings/ declare.

mappings.py loads and validates the YAML into these; targets.py decides, for given Settings,
which name a CUDA name becomes. Nothing here reads files or knows about options.
"""

from __future__ import annotations

import array
import enum
import fnmatch
import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Status(enum.StrEnum):
    SUPPORTED = "supported"
    UNSUPPORTED = "unsupported"
    DEPRECATED = "deprecated"  # deprecated in CUDA, still translated
    REMOVED = "removed"  # removed from CUDA, still translated when HIP has it
    EXPERIMENTAL = "experimental"  # HIP name is experimental


class ArgAction(enum.StrEnum):
    WRAP = "wrap_argument"  # value(arg)
    CAST = "cast_argument"  # value(arg)
    ADD_CONST = "add_const_argument"  # insert value before index, or append
    REMOVE = "remove_argument"
    REPLACE = "replace_argument_with_const"
    MOVE = "move_argument"  # value "to_index=N[;count=K]"
    COPY = "copy_argument"  # value "to_index=N"
    DEFAULT = "add_default_argument"  # append value when the call stops just before index
    # Append an argument of an earlier call on the same object: value "CALLEE:MATCH:TAKE[:ELSE]"
    # (the nearest earlier CALLEE whose argument MATCH reads as this call's argument `index`
    # gives its argument TAKE; without one, ELSE is appended with a warning, or nothing).
    FROM_CALL = "append_argument_of_call"
    # Replace an argument spelled as one of the CUDA names in value "A=B;C=D" with the target's
    # name for B (when the target has one): CUDA's C++ overloads that convert a value, redone.
    MAP_VALUES = "map_argument_values"
    # Drop an argument HIP's function lacks when the call has value "arity=N" arguments and this
    # one is a null constant (CUDA 13's cuCtxCreate params): it asked for nothing. A call that
    # passes something there does not fit the HIP function and is left and reported (HPY155).
    DROP_NULL = "drop_null_argument"


class ArgMode(enum.StrEnum):
    """Which translation mode an argument rule belongs to (rules apply only in their mode)."""

    DEFAULT = "default"  # the HIP targets
    ROC = "roc"  # --roc (rocBLAS, rocSPARSE, ...)
    MIOPEN = "miopen"  # cuDNN -> MIOpen


@dataclass(frozen=True, slots=True)
class ArgRule:
    action: ArgAction
    index: int
    value: str = ""
    mode: ArgMode = ArgMode.DEFAULT
    note: str = ""
    hip_before: str = ""  # applies only when the target HIP is older than this (a HIP change)


class TypedOverload(NamedTuple):
    """Two CUDA forms of a call with the same argument count, told apart by the type of one
    argument (CUDA 13's cudaMemAdvise takes a cudaMemLocation where CUDA 12's took a device).
    `new` is the form of the releases the entry's hip_unsupported_cuda lists."""

    arity: int
    argument: int  # the index of the argument whose type tells the forms apart
    old_type: str  # its CUDA type in each form, as the headers spell it ("int", "size_t *")
    new_type: str
    old_hip: str  # the HIP function of each form; None: HIP has none (reported, HPY155)
    new_hip: str | None = None
    # The form a null constant there is read as, where both readings mean the same ("" none)
    null: str = ""


class ApiEntry(NamedTuple):
    """One CUDA name and everything known about its HIP/ROC counterparts.

    A NamedTuple rather than a dataclass: the table holds 11,000 of them and tuples unpickle
    several times faster, which is what keeps a warm start under 50 ms.
    """

    cuda: str
    family: str
    section: str = ""
    hip: str | None = None
    roc: str | None = None
    cuda_added: str | None = None
    cuda_deprecated: str | None = None
    cuda_changed: str | None = None
    cuda_removed: str | None = None
    hip_added: str | None = None
    hip_deprecated: str | None = None
    hip_changed: str | None = None
    hip_removed: str | None = None
    hip_experimental: bool = False
    hip_unreleased: bool = False  # the HIP name is in no HIP release yet (no version known)
    # The name HIP had for the same thing before `hip` was added (HIP renames): emitted for a
    # target older than hip_added and not older than hip_older_added.
    hip_older: str | None = None
    hip_older_added: str | None = None
    # The name HIP gave the current signature before `hip` took it over (hipBLAS 2's
    # hipblasCgemm_v2, which hipBLAS 3 / HIP 7.0 renamed hipblasCgemm): emitted for a target
    # older than hip_changed and not older than hip_interim_added.
    hip_interim: str | None = None
    hip_interim_added: str | None = None
    roc_added: str | None = None
    roc_deprecated: str | None = None
    roc_changed: str | None = None
    roc_removed: str | None = None
    roc_experimental: bool = False
    hip_unsupported_cuda: tuple[str, ...] = ()  # CUDA versions for which the HIP mapping is wrong
    note: str | None = None
    args: tuple[ArgRule, ...] = ()
    overloads: tuple[tuple[int, str], ...] = ()  # (argument count, HIP name)
    # Argument counts that CUDA releases give two forms of, told apart by an argument's type
    typed_overloads: tuple[TypedOverload, ...] = ()
    closest: str | None = None  # nearest counterpart to suggest when there is no equivalent
    semantic: str | None = None  # maps, but means something different: why (HPY170 on each use)
    behaviour: str | None = None  # maps, same results, but behaves differently (HPY171, a note)
    source: str = ""  # the file that declared the entry (user files override ours)

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickled by tuple.__new__ (C) instead of the NamedTuple's Python __new__: every run
        # loads the 11,000 entries of the compiled table, and this halves that.
        return (tuple.__new__, (ApiEntry, tuple(self)))

    @property
    def status(self) -> Status:
        if self.hip is None and self.roc is None and not self.overloads:
            return Status.UNSUPPORTED
        if self.hip_experimental:
            return Status.EXPERIMENTAL
        if self.cuda_removed:
            return Status.REMOVED
        if self.cuda_deprecated:
            return Status.DEPRECATED
        return Status.SUPPORTED


class HeaderEntry(NamedTuple):
    """A CUDA header and what it becomes. hip None + dropped: remove the include."""

    cuda: str
    family: str
    hip: str | None = None
    roc: str | None = None
    # hipify-clang's spelling where ours differs (hipblas.h for hipblas/hipblas.h), for
    # --flat-library-headers
    flat_hip: str | None = None
    flat_roc: str | None = None
    dropped: bool = False  # hip_runtime.h covers it: the include is removed
    unsupported: bool = False  # no HIP counterpart: kept and reported
    main: bool = False  # the family's main header (later duplicates are dropped)
    hip_added: str | None = None  # first HIP version that ships the HIP header
    # Before hip_added, hip_runtime.h declared what the HIP header does: for an older target the
    # include is dropped, not kept and reported.
    older_dropped: bool = False
    # Before hip_added, hipify_supplied.h supplies the names the HIP header declares
    # (mappings/supplied_*.yaml): for an older target the include is dropped, and each file gets
    # what it uses from the supplied header.
    older_supplied: bool = False
    note: str | None = None
    source: str = ""
    # unsupported: names a file must use to need the header, as fnmatch globs ("NVML_*": a
    # prefix); where every one a file uses is supplied (hipify_supplied.h), the include goes
    declares: tuple[str, ...] = ()


def _substituted(pattern: HeaderEntry, name: str) -> HeaderEntry:
    """A pattern "dir/*" -> "other/*" renames the folder and keeps the rest of the name."""
    if not (pattern.hip and pattern.hip.endswith("*") and pattern.cuda.endswith("*")):
        return pattern
    rest = name[len(pattern.cuda) - 1:]
    return pattern._replace(cuda=name, hip=pattern.hip[:-1] + rest)


class FamilyInfo(NamedTuple):
    """An API family (one mapping file's `family`)."""

    name: str
    title: str
    # Which column holds the default target: "hip", or "roc" (cuDNN -> MIOpen).
    default_column: str = "hip"
    source: str = ""


class MemberEntry(NamedTuple):
    """A field of a CUDA struct (cudaDeviceProp) and whether, since when, HIP's struct has it."""

    hip_added: str | None = None  # None: every HIP release we know
    unsupported: bool = False  # HIP's struct has no such field
    hip_older: str | None = None  # its name in HIPs older than hip_added
    semantic: str | None = None  # HIP fills it with something else (HPY170 on each read)


class SuppliedEntry(NamedTuple):
    """A CUDA (or HIP) function that some HIP lacks, and the implementation hipify-py writes
    into the translated tree in its place (mappings/supplied_*.yaml)."""

    name: str  # as the translated code calls it
    code: str  # C++ written inside namespace hipify_py_supplied (a macro entry: at top level)
    hip_added: str | None = None  # the first HIP that declares it; from then on HIP's own wins
    needs: tuple[str, ...] = ()  # other supplied names its code uses (emitted first)
    platforms: tuple[str, ...] = ("amd",)  # where ours replaces a missing one ("nvidia": CUDA lacks it too)
    device: bool = True  # device code: compiled only by a GPU compiler (hipcc, nvcc)
    macro: bool = False  # a preprocessor definition, not a function: emitted as it is
    helper: bool = False  # used by other entries only: not exposed at top level
    proof: str | None = None  # how scripts/prove_supplied.py checks it against CUDA
    note: str | None = None  # what to know about it, in the note on each use
    # headers its code needs beyond hip/hip_runtime.h ("hip/hip_fp16.h"), included at the
    # header's top on both platforms
    includes: tuple[str, ...] = ()
    # C code (typedefs, static inline functions, #defines): emitted at top level as it is, and
    # supplied to C files too (NVTX's no-ops)
    c: bool = False
    unproven: str | None = None  # why no GPU proof is needed (a no-op's constant result)
    # supplied only where a rule finds a use that needs it (atomicAdd on a half), not on every
    # use of the name: HIP declares the name for other types
    by_rule: bool = False
    # a HIP library header the code needs ("hipcub/hipcub.hpp"): included where it is installed
    # (__has_include), and the entry written only there (a tree that uses it has the library)
    library: str | None = None


class FlagRule(NamedTuple):
    """What one nvcc flag becomes (mappings/build_flags.yaml)."""

    kind: str  # plain flags: "hip", "drop", "report"; valued: "arch", "xcompiler", "rdc", ...
    hip: str = ""  # the replacement words, for kind "hip"
    why: str = ""  # the reason shown in the finding


class CMakeTarget(NamedTuple):
    """A CUDA imported target (or FindCUDA variable) and what replaces it."""

    target: str  # "" drops the word
    package: str  # the find_package() name that declares target


class CMakeName(NamedTuple):
    """A CUDA-language variable or target property of CMake, per --cmake-style."""

    cxx: str | None  # the name in the cxx style (None: no counterpart)
    hip: str | None  # the name with CMake's HIP language
    kind: str = "rename"  # rename | flags | list_flags | arch | drop | report
    why: str = ""


@dataclass(frozen=True, slots=True)
class CMakeTable:
    targets: Mapping[str, CMakeTarget | None] = field(default_factory=dict)
    legacy_variables: Mapping[str, CMakeTarget] = field(default_factory=dict)
    variables: Mapping[str, CMakeName] = field(default_factory=dict)
    properties: Mapping[str, CMakeName] = field(default_factory=dict)
    commands: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BuildFlags:
    """nvcc's command line, CUDA's libraries and install paths, and their HIP counterparts."""

    compilers: Mapping[str, str] = field(default_factory=dict)
    default_offload_arch: tuple[tuple[str, str], ...] = ()  # (target, first HIP that knows it)
    flags: Mapping[str, FlagRule] = field(default_factory=dict)
    valued: Mapping[str, FlagRule] = field(default_factory=dict)
    libraries: Mapping[str, str | None] = field(default_factory=dict)
    paths: Mapping[str, str] = field(default_factory=dict)
    cmake: CMakeTable = field(default_factory=CMakeTable)


class PackedBlobs:
    """Name -> bytes (a pickled entry) as three flat objects, the names, their ends in one
    array and the bytes one after another: unpickled in about a millisecond, where a dict of
    11,000 names and 11,000 bytes objects took ten (a tenth of translating one file)."""

    __slots__ = ("_data", "_ends", "_names", "_position")

    def __init__(self, names: bytes, ends: bytes, data: bytes) -> None:
        self._names = names  # UTF-8, one per line
        self._ends = array.array("I")
        self._ends.frombytes(ends)
        self._data = data
        self._position: dict[str, int] | None = None

    @classmethod
    def pack(cls, blobs: Mapping[str, bytes]) -> PackedBlobs:
        ends, end = array.array("I"), 0
        for blob in blobs.values():
            end += len(blob)
            ends.append(end)
        return cls("\n".join(blobs).encode(), ends.tobytes(), b"".join(blobs.values()))

    def _positions(self) -> dict[str, int]:
        if self._position is None:
            names = self._names.decode().split("\n") if self._names else []
            self._position = dict(zip(names, range(len(names)), strict=True))
        return self._position

    def names_by_bytes(self) -> dict[bytes, str]:
        raw = self._names.split(b"\n") if self._names else []
        return dict(zip(raw, self._positions(), strict=True))

    def __getitem__(self, name: str) -> bytes:
        i = self._positions()[name]
        return self._data[self._ends[i - 1] if i else 0:self._ends[i]]

    def __contains__(self, name: object) -> bool:
        return name in self._positions()

    def __iter__(self) -> Iterator[str]:
        return iter(self._positions())

    def __len__(self) -> int:
        return len(self._ends)

    def __reduce__(self) -> tuple[Any, ...]:
        return (PackedBlobs, (self._names, self._ends.tobytes(), self._data))


class LazyEntries(Mapping[str, ApiEntry]):
    """The table's 11,000 entries, each unpickled on first use: one file names a few dozen, so
    a run no longer pays for all of them. The compiled table keeps them in a file of their own,
    read on first use (`source`): a re-run served whole (port/run_record.py) never reads it.
    Iterating values() unpickles everything, as a plain dict would have."""

    __slots__ = ("_blobs", "_by_bytes", "_done", "_source")

    def __init__(self, blobs: PackedBlobs | None,
                 source: Callable[[], PackedBlobs] | None = None) -> None:
        self._blobs = blobs
        self._source = source
        self._done: dict[str, ApiEntry] = {}
        self._by_bytes: dict[bytes, str] | None = None

    def _all(self) -> PackedBlobs:
        if self._blobs is None:
            assert self._source is not None
            self._blobs = self._source()
        return self._blobs

    def __getitem__(self, name: str) -> ApiEntry:
        entry = self._done.get(name)
        if entry is None:
            import pickle

            entry = self._done[name] = pickle.loads(self._all()[name])
        return entry

    def __contains__(self, name: object) -> bool:
        return name in self._all()

    def get(self, name: str, default: Any = None) -> Any:  # Mapping's goes through a KeyError
        entry = self._done.get(name)
        if entry is None:
            if name not in self._all():
                return default
            entry = self[name]
        return entry

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def names_by_bytes(self) -> dict[bytes, str]:
        """Every name as UTF-8 bytes (a token's) -> the name."""
        if self._by_bytes is None:
            self._by_bytes = self._all().names_by_bytes()
        return self._by_bytes

    def get_bytes(self, raw: bytes) -> ApiEntry | None:
        """The entry for a name given as UTF-8 bytes (a token), without decoding each token."""
        name = self.names_by_bytes().get(raw)
        return None if name is None else self[name]

    def __reduce__(self) -> tuple[Any, ...]:
        if self._blobs is None:
            return (LazyEntries, (None, self._source))
        return (LazyEntries, (self._blobs,))


def pickled(entries: Mapping[str, ApiEntry]) -> PackedBlobs:
    """Each entry pickled on its own, for LazyEntries."""
    import pickle

    return PackedBlobs.pack({name: pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
                             for name, entry in entries.items()})


@dataclass(frozen=True, eq=False)  # identity equality: hashable, usable as a cache key
class MappingTable:
    """Everything the translator knows, loaded once and passed down."""

    entries: Mapping[str, ApiEntry]
    headers: Mapping[str, HeaderEntry]
    families: Mapping[str, FamilyInfo]
    # Headers matched by glob (fnmatch) when no exact entry exists, e.g. "cuda/*" (libcu++,
    # unsupported), "nvtx3/*" (unsupported), "cub/*" (-> hipcub/hipcub.hpp). First match wins.
    header_patterns: tuple[HeaderEntry, ...] = ()
    digest: str = ""  # content hash of every loaded file, for caches
    hip_names: frozenset[str] = field(default_factory=frozenset)
    # CUDA struct -> field -> what HIP's struct has (device_properties.yaml)
    members: Mapping[str, Mapping[str, MemberEntry]] = field(default_factory=dict)
    build_flags: BuildFlags = field(default_factory=BuildFlags)
    # CUDA type names that become the same HIP type as another (targets.merging_type_names);
    # None: not computed (a table made by hand), the rule computes it
    merging_types: frozenset[str] | None = None
    # HIP name -> the CUDA name whose own HIP name it is (entry_for_hip without a scan of every
    # entry); None: not computed (a table made by hand)
    by_hip: Mapping[str, str] | None = None
    # name -> the implementation written where the target HIP lacks it (supplied_*.yaml)
    supplied: Mapping[str, SuppliedEntry] = field(default_factory=dict)

    def get(self, name: str) -> ApiEntry | None:
        return self.entries.get(name)

    def header_entry(self, name: str) -> HeaderEntry | None:
        """The entry for a CUDA header name: exact, else the first matching pattern."""
        entry = self.headers.get(name)
        if entry is None:
            for pattern in self.header_patterns:
                if fnmatch.fnmatchcase(name, pattern.cuda):
                    return _substituted(pattern, name)
        return entry

    def entry_for_hip(self, hip_name: str) -> ApiEntry | None:
        """The entry whose own HIP name this is (for its versions), if one is."""
        index = self.by_hip if self.by_hip is not None else _hip_index(self)
        cuda = index.get(hip_name)
        return None if cuda is None else self.entries.get(cuda)

    def is_cuda_header(self, name: str) -> bool:
        return self.header_entry(name) is not None


@functools.cache
def _hip_index(table: MappingTable) -> dict[str, str]:
    """by_hip for a table made by hand (built tables carry it)."""
    return hip_index(table.entries)


def hip_index(entries: Mapping[str, ApiEntry]) -> dict[str, str]:
    """HIP name -> CUDA name, for MappingTable.by_hip (the last entry wins, as in the scan)."""
    return {e.hip: e.cuda for e in entries.values() if e.hip and e.hip != e.cuda}
