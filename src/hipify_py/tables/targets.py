"""Which name a CUDA name becomes under given Settings, and what to report about it.

The tables declare the facts (names, versions, flags); this module is the one place that decides
how --roc, --hipdnn, --experimental, --hip-version and --amap combine.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from hipify_py.reporting.diagnostics import UNSUPPORTED_BY_FAMILY
from hipify_py.settings import Settings, Version, cuda_major_minor
from hipify_py.tables.mapping_model import ApiEntry, MappingTable
from hipify_py.tables.supplied import HEADER_NAME as SUPPLIED_HEADER

# Families whose third column is a ROC library, and that library's name.
ROC_LIBRARIES = {
    "cublas": "rocBLAS",
    "curand": "rocRAND",
    "cusolver": "rocSOLVER",
    "cusparse": "rocSPARSE",
    "cudnn": "MIOpen",
}
HIP_LIBRARIES = {
    "runtime": "HIP", "driver": "HIP", "device": "HIP", "rtc": "hipRTC", "cub": "hipCUB",
    "cufft": "hipFFT", "cucomplex": "hip_complex", "cublas": "hipBLAS", "curand": "hipRAND",
    "cusolver": "hipSOLVER", "cusparse": "hipSPARSE", "cudnn": "hipDNN", "cutensor": "hipTensor",
    "cusparselt": "hipSPARSELt", "cufile": "hipFile",
}


# Libraries versioned apart from the CUDA toolkit: their CSV "cuda" versions are their own.
OWN_VERSIONS = {"cudnn": "cuDNN", "cutensor": "cuTENSOR", "cusparselt": "cuSPARSELt",
                "cufile": "cuFile"}


class Note(NamedTuple):
    """A finding about a name, before it has a position."""

    code: str
    message: str
    suggestion: str | None = None


class Resolution(NamedTuple):
    """What a CUDA name becomes under given settings, and what to say about it."""

    name: str | None  # the name to emit; None: leave the CUDA name (it is reported)
    column: str  # "hip" or "roc"
    library: str  # e.g. "hipBLAS", "MIOpen"
    notes: tuple[Note, ...] = ()
    # The name is one the target HIP lacks and hipify-py supplies (tables/supplied.py): the
    # file that uses it gets the supplied header.
    supplied: bool = False

    @property
    def converted(self) -> bool:
        return self.name is not None


def target_column(entry: ApiEntry, settings: Settings, table: MappingTable) -> str:
    """"hip" or "roc": where this entry's target name comes from under these settings."""
    family = table.families.get(entry.family)
    default = family.default_column if family else "hip"
    if entry.family == "cudnn":
        return "hip" if settings.hipdnn else "roc"
    if settings.roc and entry.family in ROC_LIBRARIES:
        return "roc"
    return default


def library_name(family: str, column: str, cuda_name: str = "") -> str:
    """The library a family's names go to; cuBLASLt's names (family cublas) go to hipBLASLt."""
    if family == "cublas" and cuda_name.lower().startswith("cublaslt"):
        return "hipBLASLt"
    if column == "roc":
        return ROC_LIBRARIES.get(family, "ROC")
    return HIP_LIBRARIES.get(family, "HIP")


def resolve(
    entry: ApiEntry, settings: Settings, table: MappingTable, arity: int | None = None,
    c_file: bool = False,
) -> Resolution:
    """What entry becomes under settings; arity (a call's argument count, when known) tells a
    signature's forms apart where the table lists the HIP name for that count. In a C file
    (c_file) nothing hipify_supplied.h writes as C++ is supplied."""
    column = target_column(entry, settings, table)
    library = library_name(entry.family, column, entry.cuda)
    if column == "roc":
        name, added, removed, deprecated, experimental = (
            entry.roc, entry.roc_added, entry.roc_removed, entry.roc_deprecated,
            entry.roc_experimental,
        )
    else:
        name, added, removed, deprecated, experimental = (
            entry.hip, entry.hip_added, entry.hip_removed, entry.hip_deprecated,
            entry.hip_experimental,
        )
    notes: list[Note] = []
    if name is None:
        own = supplied_note(entry.cuda, settings, table, f"{entry.cuda} has no {library} equivalent",
                            c_file)
        if own is not None and column == "hip":
            return Resolution(entry.cuda, column, library, (own,), supplied=True)
        return Resolution(None, column, library, (_unsupported(entry, column, library),))

    blocked = False
    if column == "hip" and entry.hip_unreleased:
        if settings.amap:
            notes.append(Note("HPY150", f"{entry.cuda} -> {name}: {name} is in no HIP release yet"))
        else:
            return Resolution(None, column, library, (Note(
                "HPY150", f"{entry.cuda} -> {name}: {name} is in no HIP release yet; left as it is",
                "rewrite for the HIP you target, or pass --amap to emit the name anyway"),))
    if experimental:
        if settings.experimental or settings.amap:
            notes.append(Note("HPY141", f"{name} is an experimental {library} API"))
        else:
            notes.append(
                Note(
                    "HPY140",
                    f"{entry.cuda} maps to the experimental {library} API {name}; left as it is",
                    "pass --experimental to translate it",
                )
            )
            blocked = True
    if settings.hip_version is not None:
        target = settings.hip_version
        added_version = _version(added) if added else None
        removed_version = _version(removed) if removed else None
        if added_version is not None and added_version > target:
            older = _older_name(entry, column, target)
            if older is not None:
                return Resolution(older, column, library, ())
            own = supplied_note(name, settings, table, f"{name} came with HIP {added} (target is "
                                f"{target})", c_file) if not settings.amap and not blocked else None
            if own is not None:
                return Resolution(name, column, library, (*notes, own), supplied=True)
            notes.append(
                Note(
                    "HPY150",
                    f"{entry.cuda} -> {name} needs HIP >= {added} (target is {target})",
                    f"raise --hip-version to {added} or later",
                )
            )
            blocked = not settings.amap
        if removed_version is not None and removed_version <= target:
            notes.append(
                Note(
                    "HPY151",
                    f"{name} was removed in HIP {removed} (target is {target})",
                    None,
                )
            )
            blocked = not settings.amap
    if blocked:
        return Resolution(None, column, library, tuple(notes))
    changed = entry.roc_changed if column == "roc" else entry.hip_changed
    changed_version = _version(changed) if changed else None
    adapted = any(rule.hip_before == changed for rule in entry.args)  # arguments.py adapts it
    if (settings.hip_version is not None and changed_version is not None
            and changed_version > settings.hip_version and not adapted):
        interim = _interim_name(entry, column, settings.hip_version)
        if interim is not None:
            return Resolution(interim, column, library, tuple(notes))
        notes.append(
            Note(
                "HPY153",
                f"{name} changed its signature in HIP {changed}; the target (HIP "
                f"{settings.hip_version}) has the older one, which this CUDA call may not fit",
                f"check the arguments against the target's header, or raise --hip-version to "
                f"{changed}",
            )
        )
    product = OWN_VERSIONS.get(entry.family, "CUDA")
    outcome = "HIP has the same name" if name == entry.cuda else f"translated to {name}"
    if entry.cuda_removed:
        notes.append(
            Note("HPY131", f"{entry.cuda} was removed in {product} {entry.cuda_removed}; {outcome}")
        )
    elif entry.cuda_deprecated:
        notes.append(
            Note(
                "HPY130",
                f"{entry.cuda} is deprecated since {product} {entry.cuda_deprecated}; {outcome}",
            )
        )
    if deprecated:
        notes.append(
            Note("HPY132", f"{name} is deprecated since {library} {deprecated}", entry.note)
        )
    if entry.semantic:
        notes.append(Note("HPY170", f"{entry.cuda} -> {name}: {entry.semantic}"))
    if entry.behaviour:
        notes.append(Note("HPY171", f"{entry.cuda} -> {name}: {entry.behaviour}"))
    counts = form_counts(entry)
    if entry.hip_unsupported_cuda and column == "hip" and not (
        arity is not None and arity in counts
    ):  # (a call whose argument count the tables list: the engine gives it the HIP function of
        # its form, whatever CUDA release the code is read as)
        versions = ", ".join(entry.hip_unsupported_cuda)
        if arity is not None and counts:
            # The tables list every count of every form (CUDA's and HIP's): this one is none.
            *rest, last = [str(n) for n in sorted(counts)]
            listed = f"{', '.join(rest)} or {last}" if rest else last
            return Resolution(None, column, library, (Note(
                "HPY155", f"{entry.cuda} with {arity} argument{'s' * (arity != 1)} fits no HIP "
                f"function (its forms take {listed}); left as it is",
                f"rewrite the call for {name}'s signature (CUDA {versions} changed the "
                "parameters)"),))
        reads_new = _read_as_one_of(settings.cuda_version, entry.hip_unsupported_cuda)
        # A use that is no call (a function pointer) shows no form: the release read decides
        first = entry.hip_unsupported_cuda[0]
        form = f"CUDA {first}'s form" if reads_new else f"the pre-{first} CUDA form"
        assumed = Note("HPY156", f"{entry.cuda} is used here without a call, which shows no "
                       f"form: read as {form}, as --cuda-version {settings.cuda_version} says",
                       "if the code means the other form, give the --cuda-version it was "
                       "written for") if counts else None
        if reads_new:
            # The code is read as a CUDA release for which this mapping is wrong (CUDA 13's
            # location-based cudaMemAdvise against hipMemAdvise's device): its _v2 twin, which
            # has that release's shape, where the table maps one; else an error.
            twin = table.get(entry.cuda + "_v2")
            if twin is not None and twin.hip and not twin.hip_unsupported_cuda:
                found = resolve(twin, settings, table)
                return found._replace(notes=(*found.notes, assumed)) if assumed else found
            return Resolution(None, column, library, (Note(
                "HPY155", f"{entry.cuda} of CUDA {settings.cuda_version} (the release the code is "
                f"read as) does not fit {name}; left as it is",
                "rewrite the call for HIP's signature, or give the CUDA version the code targets "
                "with --cuda-version"),))
        notes.append(assumed or Note(
            "HPY152", f"the mapping {entry.cuda} -> {name} does not hold for CUDA {versions}",
            "check the CUDA version this code targets"))
    # HIP has the name, but not in the form the tables supply (HIP 7.2's __hmax2 takes bfloat16
    # only; CUDA code calls it with half2): the file gets ours beside HIP's. Or the name is ours
    # alone (NVML's nvmlInit -> hipify_py_nvmlInit): no HIP has anything of it.
    if name in table.supplied and table.supplied[name].by_rule:
        return Resolution(name, column, library, tuple(notes))  # a rule supplies it where needed
    ours = name != entry.cuda and name in table.supplied and not table.supplied[name].hip_added
    why = (f"{entry.cuda} -> {name}: HIP has no {entry.cuda}" if ours
           else f"{name} has no HIP form for every CUDA use")
    own = supplied_note(name, settings, table, why, c_file)
    if own is not None and column == "hip":
        return Resolution(name, column, library, (*notes, own), supplied=True)
    if ours:  # and not supplied here: a C file, which hipify_supplied.h's C++ cannot serve
        return Resolution(None, column, library, (Note(
            UNSUPPORTED_BY_FAMILY.get(entry.family, "HPY101"),
            f"{entry.cuda} has no {library} equivalent a C file can use: hipify_supplied.h "
            f"supplies {name} to C++ only", entry.note or "compile this file as C++"),))
    return Resolution(name, column, library, tuple(notes))


def supplied_note(name: str, settings: Settings, table: MappingTable,
                  why: str = "", c_file: bool = False) -> Note | None:
    """The note for a name the target lacks and the tables supply, or None (not supplied, or
    the target HIP declares it after all, or C code, where only the header's macros and C code
    (`c`: NVTX's no-ops) serve: it writes everything else in a C++ namespace)."""
    entry = table.supplied.get(name)
    if entry is None or entry.helper or (c_file and not (entry.macro or entry.c)):
        return None
    if entry.hip_added and (settings.hip_version is None
                            or Version.parse(entry.hip_added) <= settings.hip_version):
        return None
    what = f": {entry.note}" if entry.note else ""
    return Note("HPY530", f"{why}: supplied by {SUPPLIED_HEADER}, where the HIP in use lacks "
                f"it{what}")


def form_counts(entry: ApiEntry) -> frozenset[int]:
    """The argument counts whose form the tables know (by count or by an argument's type)."""
    if not entry.overloads and not entry.typed_overloads:
        return frozenset()
    return frozenset({n for n, _ in entry.overloads} | {t.arity for t in entry.typed_overloads})


def reads_changed_form(entry: ApiEntry, settings: Settings) -> bool:
    """Whether --cuda-version reads a call of entry as the form of the CUDA releases its
    hip_unsupported_cuda lists: the choice for a call whose arguments do not show its form."""
    return _read_as_one_of(settings.cuda_version, entry.hip_unsupported_cuda)


def _read_as_one_of(cuda: Version, versions: tuple[str, ...]) -> bool:
    """Whether the CUDA the code is read as is one the mapping fails for: a listed release, or
    a later one when the newest listed is 13.0 or later (a change that stays)."""
    parsed = [v for v in (_version(t) for t in versions) if v is not None]
    mine = cuda_major_minor(cuda)
    if any(cuda_major_minor(v) == mine for v in parsed):
        return True
    newest = max(parsed, default=None)
    return newest is not None and cuda_major_minor(newest) >= (13, 0) and mine > cuda_major_minor(newest)


def _older_name(entry: ApiEntry, column: str, target: Version) -> str | None:
    """The name a HIP older than entry.hip_added had for it, when the target has that one."""
    if column != "hip" or entry.hip_older is None or entry.hip_older_added is None:
        return None
    since = _version(entry.hip_older_added)
    return entry.hip_older if since is not None and since <= target else None


def _interim_name(entry: ApiEntry, column: str, target: Version) -> str | None:
    """The name a HIP older than entry.hip_changed gave the current signature, when the target
    has it."""
    if column != "hip" or entry.hip_interim is None or entry.hip_interim_added is None:
        return None
    since = _version(entry.hip_interim_added)
    return entry.hip_interim if since is not None and since <= target else None


def _unsupported(entry: ApiEntry, column: str, library: str) -> Note:
    code = UNSUPPORTED_BY_FAMILY.get(entry.family, "HPY101")
    suggestion = None
    if entry.closest:
        suggestion = f"the closest {library} function is {entry.closest}"
    elif column == "roc" and entry.hip and entry.family != "cudnn":
        suggestion = (
            f"{HIP_LIBRARIES.get(entry.family, 'HIP')} has {entry.hip}: translate without --roc"
        )
    elif entry.note:
        suggestion = entry.note
    return Note(code, f"{entry.cuda} has no {library} equivalent", suggestion)


def _version(text: str) -> Version | None:
    try:
        return Version.parse(text)
    except ValueError:
        return None


def merging_type_names(table: MappingTable) -> frozenset[str]:
    """CUDA type names that share their HIP name with another CUDA type name (`CUresult` and
    `cudaError_t` both become `hipError_t`), under the default settings. The compiled table
    carries them (MappingTable.merging_types): a scan of every entry, done once when it is built."""
    by_target: dict[str, set[str]] = defaultdict(set)
    settings = Settings()
    for entry in table.entries.values():
        if entry.family not in ("runtime", "driver") or not entry.cuda[:1].isalpha():
            continue
        if not (entry.cuda.endswith("_t") or (entry.cuda[:2] == "CU" and entry.cuda[2] != "_")):
            continue  # (CU_DEVICE_ATTRIBUTE_... are values, not types)
        name = resolve(entry, settings, table).name
        if name is not None and name != entry.cuda:
            by_target[name].add(entry.cuda)
    return frozenset(n for names in by_target.values() if len(names) > 1 for n in names)
