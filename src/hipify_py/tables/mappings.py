"""Load and validate the YAML mapping tables into a MappingTable.

The loader is strict, because a silently wrong table makes silently wrong ports: it rejects
duplicate keys (PyYAML would keep the last), non-string keys (`on:`/`NO:` load as booleans),
unknown fields (with the closest valid name), wrong types, unknown actions/modes/statuses, a
status that contradicts the names, and chains (a target name that is itself a CUDA key). Every
message names the file and the key.

Loading ten thousand entries from YAML takes a few hundred milliseconds, so the built table is
cached as a pickle keyed by the content hash of every file (and the package version).
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from hipify_py import __version__
from hipify_py.cache_files import cache_root, read_signed, write_signed
from hipify_py.settings import Version
from hipify_py.tables.mapping_model import (
    ApiEntry,
    ArgAction,
    ArgMode,
    ArgRule,
    BuildFlags,
    CMakeName,
    CMakeTable,
    CMakeTarget,
    FamilyInfo,
    FlagRule,
    HeaderEntry,
    LazyEntries,
    MappingTable,
    MemberEntry,
    PackedBlobs,
    Status,
    SuppliedEntry,
    TypedOverload,
    hip_index,
    pickled,
)

_ENTRY_FIELDS = {
    "hip": str, "roc": str, "section": (str, int), "note": str, "closest": str, "status": str,
    "cuda_added": str, "cuda_deprecated": str, "cuda_changed": str, "cuda_removed": str,
    "hip_added": str, "hip_deprecated": str, "hip_changed": str, "hip_removed": str,
    "roc_added": str, "roc_deprecated": str, "roc_changed": str, "roc_removed": str,
    "hip_experimental": bool, "hip_unreleased": bool, "hip_older": str, "hip_older_added": str,
    "hip_interim": str, "hip_interim_added": str,
    "roc_experimental": bool, "hip_unsupported_cuda": list,
    "args": list, "overloads": dict, "typed_overloads": dict, "semantic": str, "behaviour": str,
}
# The entry fields taken as written (names and versions) and the flags; the rest are built.
_TEXT_FIELDS = tuple(f for f, kind in _ENTRY_FIELDS.items() if kind is str and f != "status")
_FLAG_FIELDS = tuple(f for f, kind in _ENTRY_FIELDS.items() if kind is bool)
_TYPED_FIELDS = {"index": int, "old": str, "new": str, "old_hip": str, "new_hip": str,
                 "if_null": str}
_ARG_FIELDS = {"action": str, "index": int, "value": str, "mode": str, "note": str,
               "hip_before": str}
_HEADER_FIELDS = {
    "hip": str, "roc": str, "family": str, "dropped": bool, "unsupported": bool, "main": bool,
    "hip_added": str, "note": str, "cuda": str, "declares": list, "flat_hip": str,
    "flat_roc": str, "older_dropped": bool, "older_supplied": bool,
}
_FILE_FIELDS = {"family", "title", "default_column", "sections", "entries", "headers", "build_flags",
                "header_patterns", "members", "supplied"}
_CACHE_FORMAT = 18  # 16: entries as PackedBlobs; 17: supplied by_rule; 18: supplied library


class MappingError(ValueError):
    """A mapping file is malformed; the message names the file, the key and the line."""


def mappings_dir() -> Path:
    """Our tables: inside the installed package (wheel), or the repository's mappings/."""
    packaged = Path(__file__).resolve().parents[1] / "mappings"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "mappings"


def compiled_dir() -> Path:
    """Where the built-in tables lie compiled: beside the YAML in a wheel; in a source checkout
    (the README's editable install), build/compiled-tables, written when it is installed."""
    folder = mappings_dir()
    if folder.parent.name == "hipify_py":
        return folder
    return folder.parent / "build" / "compiled-tables"


def builtin_files() -> list[Path]:
    return sorted(mappings_dir().glob("*.yaml"))


def load_mapping_table(
    extra_files: Sequence[str | os.PathLike[str]] = (), *, use_cache: bool = True
) -> MappingTable:
    """Our tables plus the user's files (later files override earlier entries)."""
    files = [*builtin_files(), *(Path(f) for f in extra_files)]
    if not files:
        raise MappingError(f"no mapping files found in {mappings_dir()}")
    contents: list[tuple[Path, bytes]] = []
    for path in files:
        try:
            contents.append((path, path.read_bytes()))
        except OSError as exc:
            raise MappingError(f"{path}: cannot read mapping file: {exc.strerror or exc}") from None
    hashed = _hashed(contents)
    digest = _digest(hashed)
    if not extra_files:
        shipped = _read_shipped(hashed, digest)
        if shipped is not None:
            return shipped
    cache = _cache_path(digest) if use_cache else None
    if cache is not None:
        table = _read_cache(cache)
        if table is not None:
            return table
    table = build_table(contents, digest)
    if cache is not None:
        _write_cache(cache, table, files)
    return table


def build_table(contents: Iterable[tuple[Path, bytes]], digest: str = "") -> MappingTable:
    entries: dict[str, ApiEntry] = {}
    headers: dict[str, HeaderEntry] = {}
    patterns: list[HeaderEntry] = []
    families: dict[str, FamilyInfo] = {}
    members: dict[str, dict[str, MemberEntry]] = {}
    contents_flags: list[tuple[Path, Any]] = []
    supplied: dict[str, SuppliedEntry] = {}
    for path, data in contents:
        doc = _parse(path, data)
        path = Path(sys.intern(str(path)))
        family = doc.get("family", "user")
        if not isinstance(family, str):
            raise MappingError(f"{path}: 'family' must be a string")
        if family not in _DATA_FAMILIES and family not in families:
            column = doc.get("default_column", "hip")
            if column not in ("hip", "roc"):
                raise MappingError(f"{path}: default_column must be hip or roc, not {column!r}")
            title = doc.get("title", family)
            if not isinstance(title, str):
                raise MappingError(f"{path}: 'title' must be a string")
            families[family] = FamilyInfo(family, title, column, str(path))
        sections = doc.get("sections") or []
        for name, raw in (doc.get("entries") or {}).items():
            entries[name] = _entry(path, family, name, raw, sections)
        for name, raw in (doc.get("headers") or {}).items():
            headers[name] = _header(path, name, raw)
        for struct, fields in (doc.get("members") or {}).items():
            members.setdefault(str(struct), {}).update(_members(path, str(struct), fields))
        for name, raw in (doc.get("supplied") or {}).items():
            supplied[str(name)] = _supplied(path, str(name), raw)
        if doc.get("build_flags") is not None:
            contents_flags.append((path, doc["build_flags"]))
        for k, raw in enumerate(doc.get("header_patterns") or []):
            if not isinstance(raw, dict) or "cuda" not in raw:
                raise MappingError(f"{path}: header_patterns[{k}]: needs a 'cuda' glob")
            patterns.append(_header(path, str(raw["cuda"]), raw))
    _check_targets(entries, headers, patterns)
    _check_chains(entries)
    _check_supplied(supplied)
    flags = _build_flags(contents_flags) if contents_flags else BuildFlags()
    hip_names = frozenset(
        n for e in entries.values()
        for n in (e.hip, e.roc, e.hip_older, e.hip_interim, *(t for _, t in e.overloads),
                  *(h for t in e.typed_overloads for h in (t.old_hip, t.new_hip))) if n
    )
    table = MappingTable(entries, headers, families, tuple(patterns), digest, hip_names, members,
                         flags, supplied=supplied)
    from hipify_py.tables.targets import merging_type_names

    return replace(table, merging_types=merging_type_names(table), by_hip=hip_index(entries))


_FLAG_KINDS = {"hip", "drop", "report"}
_VALUED_KINDS = {"arch", "xcompiler", "rdc", "language", "drop", "report"}


def _offload_target(path: Path, raw: Any) -> tuple[str, str]:
    """`gfx90a` or `{gfx942: "5.7"}` (the first HIP whose compiler knows the target)."""
    if isinstance(raw, str):
        return raw, ""
    if isinstance(raw, dict) and len(raw) == 1:
        (name, since), = raw.items()
        return str(name), str(since)
    raise MappingError(f"{path}: build_flags.default_offload_arch: {raw!r} is not a target or "
                       "{target: first HIP version}")


def _build_flags(blocks: list[tuple[Path, Any]]) -> BuildFlags:
    """build_flags: blocks, later files overriding earlier keys."""
    compilers: dict[str, str] = {}
    arch: tuple[tuple[str, str], ...] = ()
    flags: dict[str, FlagRule] = {}
    valued: dict[str, FlagRule] = {}
    libraries: dict[str, str | None] = {}
    paths: dict[str, str] = {}
    cmake = CMakeTable()
    for path, raw in blocks:
        if not isinstance(raw, dict):
            raise MappingError(f"{path}: 'build_flags' must be a mapping")
        _check_fields(path, "build_flags", raw, {"compilers": dict, "default_offload_arch": list,
                                                 "flags": dict, "valued": dict,
                                                 "libraries": dict, "paths": dict,
                                                 "cmake": dict})
        compilers.update({str(k): str(v) for k, v in (raw.get("compilers") or {}).items()})
        arch = tuple(_offload_target(path, a) for a in raw.get("default_offload_arch") or ()) or arch
        for name, spec in (raw.get("flags") or {}).items():
            if not isinstance(spec, dict) or len(set(spec) & _FLAG_KINDS) != 1:
                raise MappingError(f"{path}: build_flags.flags.{name}: give one of hip, drop, "
                                   "report")
            kind = next(k for k in spec if k in _FLAG_KINDS)
            hip = str(spec[kind]) if kind == "hip" else ""
            why = str(spec.get("note", "")) if kind == "hip" else str(spec[kind])
            flags[str(name)] = FlagRule(kind, hip, why)
        for name, spec in (raw.get("valued") or {}).items():
            if not isinstance(spec, dict) or spec.get("kind") not in _VALUED_KINDS:
                raise MappingError(f"{path}: build_flags.valued.{name}: kind must be one of "
                                   f"{', '.join(sorted(_VALUED_KINDS))}")
            valued[str(name)] = FlagRule(str(spec["kind"]), "", str(spec.get("why", "")))
        libraries.update({str(k): (None if v is None else str(v))
                          for k, v in (raw.get("libraries") or {}).items()})
        paths.update({str(k): str(v) for k, v in (raw.get("paths") or {}).items()})
        if raw.get("cmake") is not None:
            cmake = _cmake_table(path, raw["cmake"])
    return BuildFlags(compilers, arch, flags, valued, libraries, paths, cmake)


_CMAKE_KINDS = frozenset({"rename", "flags", "list_flags", "arch", "drop", "report"})


def _cmake_table(path: Path, raw: dict[str, Any]) -> CMakeTable:
    """build_flags.cmake: checked here so that a typo fails at load, not mid-port."""
    _check_fields(path, "build_flags.cmake", raw, {"targets": dict, "legacy_variables": dict,
                                                  "variables": dict, "properties": dict,
                                                  "commands": dict})

    def target(where: str, spec: Any) -> CMakeTarget:
        if not isinstance(spec, dict) or set(spec) != {"target", "package"}:
            raise MappingError(f"{path}: build_flags.cmake.{where}: give target and package")
        return CMakeTarget(str(spec["target"]), str(spec["package"]))

    def name(where: str, spec: Any) -> CMakeName:
        if not isinstance(spec, dict) or not set(spec) <= {"cxx", "hip", "kind", "why"}:
            raise MappingError(f"{path}: build_flags.cmake.{where}: fields are cxx, hip, kind, why")
        kind = str(spec.get("kind", "rename"))
        if kind not in _CMAKE_KINDS:
            raise MappingError(f"{path}: build_flags.cmake.{where}: kind must be one of "
                               f"{', '.join(sorted(_CMAKE_KINDS))}")
        cxx, hip = spec.get("cxx"), spec.get("hip")
        return CMakeName(None if cxx is None else str(cxx), None if hip is None else str(hip),
                         kind, str(spec.get("why", "")))

    targets = raw.get("targets") or {}
    return CMakeTable(
        targets={str(k): None if v is None else target(f"targets.{k}", v)
                 for k, v in targets.items()},
        legacy_variables={str(k): target(f"legacy_variables.{k}", v)
                          for k, v in (raw.get("legacy_variables") or {}).items()},
        variables={str(k): name(f"variables.{k}", v)
                   for k, v in (raw.get("variables") or {}).items()},
        properties={str(k): name(f"properties.{k}", v)
                    for k, v in (raw.get("properties") or {}).items()},
        commands={str(k): str(v) for k, v in (raw.get("commands") or {}).items()},
    )


_DATA_FAMILIES = ("headers", "device_properties", "build_flags", "supplied")
_SUPPLIED_FIELDS = {"code": str, "hip_added": str, "needs": list, "platforms": list,
                    "device": bool, "macro": bool, "helper": bool, "proof": str, "note": str,
                    "includes": list, "c": bool, "unproven": str, "by_rule": bool,
                    "library": str}
_PLATFORMS = ("amd", "nvidia")


def _supplied(path: Path, name: str, raw: Any) -> SuppliedEntry:
    """One entry of a `supplied:` block (see mappings/supplied_runtime.yaml's header)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("code"), str):
        raise MappingError(f"{path}: supplied.{name}: expected a mapping with 'code'")
    _check_fields(path, f"supplied.{name}", raw, _SUPPLIED_FIELDS)
    if raw.get("hip_added") is not None:
        try:
            Version.parse(raw["hip_added"])
        except ValueError:
            raise MappingError(f"{path}: supplied.{name}.hip_added: {raw['hip_added']!r} is not "
                               "a version") from None
    platforms = tuple(str(p) for p in raw.get("platforms", ["amd"]))
    if not platforms or set(platforms) - set(_PLATFORMS):
        raise MappingError(f"{path}: supplied.{name}.platforms: expected some of {_PLATFORMS}")
    includes = tuple(str(h) for h in raw.get("includes", []))
    bad = [h for h in (*includes, *([raw["library"]] if raw.get("library") else []))
           if not re.fullmatch(r"[\w./+-]+\.h(?:pp)?|[a-z_]+", h)]
    if bad:
        raise MappingError(f"{path}: supplied.{name}.includes: {bad[0]!r} is not a header name "
                           "(written without <>, e.g. hip/hip_fp16.h or type_traits)")
    return SuppliedEntry(name, raw["code"], raw.get("hip_added"),
                         tuple(str(n) for n in raw.get("needs", [])), platforms,
                         bool(raw.get("device", True)), bool(raw.get("macro", False)),
                         bool(raw.get("helper", False)), raw.get("proof"), raw.get("note"),
                         includes, bool(raw.get("c", False)), raw.get("unproven"),
                         bool(raw.get("by_rule", False)), raw.get("library"))


def _check_supplied(supplied: Mapping[str, SuppliedEntry]) -> None:
    for entry in supplied.values():
        missing = [n for n in entry.needs if n not in supplied]
        if missing:
            raise MappingError(f"supplied.{entry.name}: needs {', '.join(missing)}, which no "
                               "supplied entry defines")


def _members(path: Path, struct: str, fields: Any) -> dict[str, MemberEntry]:
    if not isinstance(fields, dict):
        raise MappingError(f"{path}: members.{struct}: expected a mapping of field names")
    out = {}
    for name, raw in fields.items():
        if not isinstance(raw, dict) or set(raw) - {"hip_added", "unsupported", "hip_older",
                                                    "semantic"}:
            raise MappingError(f"{path}: members.{struct}.{name}: expected "
                               "{hip_added: VERSION[, hip_older: NAME][, semantic: WHY]} or "
                               "{unsupported: true}")
        out[str(name)] = MemberEntry(raw.get("hip_added"), bool(raw.get("unsupported", False)),
                                     raw.get("hip_older"), raw.get("semantic"))
    return out


# --- YAML ---------------------------------------------------------------------------------------
# PyYAML is imported only when YAML is actually read (a compiled-cache miss): 9 ms saved on
# every other start.
@functools.cache
def _strict_loader() -> Any:
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return type("_StrictLoader", (_StrictLoaderMixin, base), {})


class _StrictLoaderMixin:
    """Safe loading that refuses duplicate keys and keeps line numbers for messages."""

    source_name = "<mapping>"

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)  # type: ignore[attr-defined]
            line = key_node.start_mark.line + 1
            if key in seen:
                raise MappingError(
                    f"{self.source_name}:{line}: duplicate key {key!r} (first at line {seen[key]})"
                )
            try:
                seen[key] = line
            except TypeError:
                raise MappingError(f"{self.source_name}:{line}: unhashable key") from None
        mapping: dict[Any, Any] = super().construct_mapping(node, deep=True)  # type: ignore[misc]
        return mapping


def _parse(path: Path, data: bytes) -> dict[str, Any]:
    import yaml

    loader_class = type("_Loader", (_strict_loader(),), {"source_name": str(path)})
    try:
        # Aliases (*name) let 400 bytes stand for a billion strings: refused before loading.
        for event in yaml.parse(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, yaml.AliasEvent):
                line = event.start_mark.line + 1 if event.start_mark is not None else 0
                raise MappingError(f"{path}:{line}: YAML aliases (*{event.anchor}) are not "
                                   "allowed in mapping files")
        doc = yaml.load(data, Loader=loader_class)
    except MappingError:
        raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise MappingError(f"{path}{where}: malformed YAML: {problem}") from None
    except UnicodeDecodeError:
        raise MappingError(f"{path}: not UTF-8 text") from None
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise MappingError(f"{path}: a mapping file is a YAML mapping with 'entries:' or 'headers:'")
    for key in doc:
        if not isinstance(key, str):
            raise MappingError(f"{path}: top-level key {key!r} is not a string")
        if key not in _FILE_FIELDS:
            raise MappingError(f"{path}: unknown top-level key {key!r}{_closest(key, _FILE_FIELDS)}")
    for section in ("entries", "headers"):
        block = doc.get(section)
        if block is not None and not isinstance(block, dict):
            raise MappingError(f"{path}: '{section}' must be a mapping of name: value")
        for key in block or {}:
            if not isinstance(key, str):
                raise MappingError(
                    f"{path}: key {key!r} in '{section}' is not a string "
                    "(YAML reads on/off/yes/no/true/false and numbers as non-strings: quote it)"
                )
    return doc


def _closest(name: str, choices: Iterable[str]) -> str:
    match = difflib.get_close_matches(name, list(choices), n=1)
    return f" (did you mean {match[0]!r}?)" if match else ""


def _check_fields(path: Path, where: str, raw: Mapping[Any, Any], spec: Mapping[str, Any]) -> None:
    for key, value in raw.items():
        if not isinstance(key, str):
            raise MappingError(f"{path}: {where}: field {key!r} is not a string")
        if key not in spec:
            raise MappingError(f"{path}: {where}: unknown field {key!r}{_closest(key, spec)}")
        if not isinstance(value, spec[key]) or (spec[key] is int and isinstance(value, bool)):
            expected = spec[key].__name__ if isinstance(spec[key], type) else "string"
            raise MappingError(f"{path}: {where}: field {key!r} must be {expected}, not {value!r}")


def _entry(path: Path, family: str, name: str, raw: Any, sections: list[Any]) -> ApiEntry:
    where = f"entry {name!r}"
    if isinstance(raw, str):
        return ApiEntry(cuda=name, family=family, hip=raw, source=str(path))
    if raw is None:
        raise MappingError(f"{path}: {where}: empty value (give a HIP name or a mapping)")
    if not isinstance(raw, dict):
        raise MappingError(f"{path}: {where}: expected a HIP name or a mapping, not {raw!r}")
    _check_fields(path, where, raw, _ENTRY_FIELDS)
    section = raw.get("section", "")
    if isinstance(section, int):
        if not 0 <= section < len(sections):
            raise MappingError(f"{path}: {where}: section index {section} out of range")
        section = str(sections[section])
    args = tuple(_arg_rule(path, name, k, a) for k, a in enumerate(raw.get("args") or []))
    overloads = []
    for count, target in (raw.get("overloads") or {}).items():
        if not isinstance(count, int) or isinstance(count, bool) or not isinstance(target, str):
            raise MappingError(
                f"{path}: {where}: overloads map an argument count to a HIP name, "
                f"not {count!r}: {target!r}"
            )
        overloads.append((count, target))
    typed = tuple(_typed_overload(path, where, count, t)
                  for count, t in (raw.get("typed_overloads") or {}).items())
    if {t.arity for t in typed} & {count for count, _ in overloads}:
        raise MappingError(f"{path}: {where}: an argument count is both in overloads and in "
                           "typed_overloads")
    unsupported_cuda = raw.get("hip_unsupported_cuda") or []
    if not all(isinstance(v, str) for v in unsupported_cuda):
        raise MappingError(f"{path}: {where}: hip_unsupported_cuda must list version strings")
    source = sys.intern(str(path))
    raw = {k: sys.intern(v) if isinstance(v, str) else v for k, v in raw.items()}
    written: dict[str, Any] = {f: raw.get(f) for f in _TEXT_FIELDS}
    written.update({f: bool(raw.get(f, False)) for f in _FLAG_FIELDS})
    entry = ApiEntry(
        cuda=name,
        family=family,
        section=str(section),
        **written,
        hip_unsupported_cuda=tuple(unsupported_cuda),
        args=args,
        overloads=tuple(sorted(overloads)),
        typed_overloads=tuple(sorted(typed)),
        source=source,
    )
    status = raw.get("status")
    if status is not None:
        try:
            declared = Status(status)
        except ValueError:
            raise MappingError(
                f"{path}: {where}: unknown status {status!r}{_closest(status, [s.value for s in Status])}"
            ) from None
        if (declared is Status.UNSUPPORTED) != (entry.status is Status.UNSUPPORTED):
            raise MappingError(
                f"{path}: {where}: status {status!r} contradicts the entry "
                f"({'it has a target name' if entry.hip or entry.roc else 'it has no target name'})"
            )
    return entry


def _typed_overload(path: Path, where: str, count: Any, raw: Any) -> TypedOverload:
    """`ARITY: {index: I, old: TYPE, new: TYPE, old_hip: NAME[, new_hip: NAME][, if_null: F]}`"""
    where = f"{where} typed_overloads[{count!r}]"
    if not isinstance(count, int) or isinstance(count, bool) or not isinstance(raw, dict):
        raise MappingError(f"{path}: {where}: typed_overloads map an argument count to "
                           "{index, old, new, old_hip[, new_hip][, if_null]}")
    _check_fields(path, where, raw, _TYPED_FIELDS)
    missing = [f for f in ("index", "old", "new", "old_hip") if f not in raw]
    if missing:
        raise MappingError(f"{path}: {where}: missing {', '.join(missing)}")
    if not 0 <= raw["index"] < count:
        raise MappingError(f"{path}: {where}: index {raw['index']} is not one of {count} arguments")
    if raw.get("if_null", "old") not in ("old", "new"):
        raise MappingError(f"{path}: {where}: if_null must be old or new, not {raw['if_null']!r}")
    return TypedOverload(count, raw["index"], sys.intern(raw["old"]), sys.intern(raw["new"]),
                         sys.intern(raw["old_hip"]), raw.get("new_hip"), raw.get("if_null", ""))


_MOVE_VALUE = re.compile(r"to_index=(?:[0-9]|[1-5][0-9]|6[0-3])(?:;count=[1-9][0-9]?)?")


def _arg_rule(path: Path, name: str, k: int, raw: Any) -> ArgRule:
    where = f"entry {name!r} args[{k}]"
    if not isinstance(raw, dict):
        raise MappingError(f"{path}: {where}: expected a mapping")
    _check_fields(path, where, raw, _ARG_FIELDS)
    try:
        action = ArgAction(str(raw.get("action")))
    except ValueError:
        choices = [a.value for a in ArgAction]
        raise MappingError(
            f"{path}: {where}: unknown action {raw.get('action')!r}"
            f"{_closest(str(raw.get('action')), choices)}"
        ) from None
    try:
        mode = ArgMode(raw.get("mode", "default"))
    except ValueError:
        raise MappingError(f"{path}: {where}: unknown mode {raw.get('mode')!r} "
                           "(default, roc or miopen)") from None
    if "index" not in raw:
        raise MappingError(f"{path}: {where}: missing 'index'")
    if action is ArgAction.DROP_NULL and not re.fullmatch(r"arity=\d+", str(raw.get("value", ""))):
        raise MappingError(f"{path}: {where}: {action.value} needs value arity=N")
    if action is ArgAction.MAP_VALUES and "=" not in str(raw.get("value", "")):
        raise MappingError(f"{path}: {where}: {action.value} needs value CUDA=CUDA[;...]")
    if action is ArgAction.FROM_CALL and len(str(raw.get("value", "")).split(":")) not in (3, 4):
        raise MappingError(f"{path}: {where}: {action.value} needs value CALLEE:MATCH:TAKE[:ELSE]")
    index = raw["index"]
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 64:
        raise MappingError(f"{path}: {where}: 'index' must be an argument position 0-63")
    if action in (ArgAction.MOVE, ArgAction.COPY) and not _MOVE_VALUE.fullmatch(
            str(raw.get("value", ""))):
        raise MappingError(f"{path}: {where}: {action.value} needs value to_index=N[;count=M]")
    return ArgRule(action, raw["index"], raw.get("value", ""), mode, raw.get("note", ""),
                   raw.get("hip_before", ""))


def _header(path: Path, name: str, raw: Any) -> HeaderEntry:
    where = f"header {name!r}"
    if isinstance(raw, str):
        return HeaderEntry(cuda=name, family="user", hip=raw, source=str(path))
    if not isinstance(raw, dict):
        raise MappingError(f"{path}: {where}: expected a HIP header or a mapping")
    _check_fields(path, where, raw, _HEADER_FIELDS)
    return HeaderEntry(
        cuda=name,
        family=raw.get("family", "user"),
        hip=raw.get("hip"),
        roc=raw.get("roc"),
        flat_hip=raw.get("flat_hip"),
        flat_roc=raw.get("flat_roc"),
        dropped=raw.get("dropped", False),
        unsupported=raw.get("unsupported", False),
        main=raw.get("main", False),
        hip_added=raw.get("hip_added"),
        older_dropped=raw.get("older_dropped", False),
        older_supplied=raw.get("older_supplied", False),
        note=raw.get("note"),
        source=str(path),
        declares=tuple(str(n) for n in raw.get("declares") or ()),
    )


_NAME_TARGET = re.compile(r"[A-Za-z_][\w:<>,*&]*")


def _check_targets(entries: Mapping[str, ApiEntry], headers: Mapping[str, HeaderEntry],
                   patterns: Sequence[HeaderEntry]) -> None:
    """Targets are names (maybe qualified, templated or a pointer type), never text that would
    delete the call's name or not read back the same; header targets stay relative and inside
    the include path. Only a feature macro (a calling convention) may map to nothing."""
    for entry in entries.values():
        for column, target in (("hip", entry.hip), ("roc", entry.roc),
                               ("hip_older", entry.hip_older),
                               ("hip_interim", entry.hip_interim),
                               *(("typed_overloads", h) for t in entry.typed_overloads
                                 for h in (t.old_hip, t.new_hip))):
            if target is None or (target == "" and entry.family == "feature_macros"):
                continue
            if not _NAME_TARGET.fullmatch(target):
                raise MappingError(f"{entry.source}: {entry.cuda}: {column} target {target!r} is "
                                   "not a name (letters, digits, _, ::, <>, *, &; no blanks)")
    for header in (*headers.values(), *patterns):
        for target in (header.hip, header.roc):
            if target and (target.startswith("/") or ".." in target.split("/")
                           or any(c.isspace() or c in '"<>' for c in target)):
                raise MappingError(f"{header.source}: header {header.cuda!r}: target {target!r} "
                                   "must be a relative path inside the include path")


def _check_chains(entries: Mapping[str, ApiEntry]) -> None:
    """A target that is itself a CUDA key would be renamed again on the next run."""
    for entry in entries.values():
        for target in (entry.hip, entry.roc, *(t for _, t in entry.overloads),
                       *(h for t in entry.typed_overloads for h in (t.old_hip, t.new_hip))):
            if target is None or target == entry.cuda:
                continue
            other = entries.get(target)
            if other is not None and (other.hip or other.roc) and other.hip != target:
                raise MappingError(
                    f"{entry.source}: entry {entry.cuda!r}: target {target!r} is itself a CUDA "
                    f"name mapped in {other.source} (a chain: translation would not be stable)"
                )


# --- compiled cache -----------------------------------------------------------------------------
def _hashed(contents: Iterable[tuple[Path, bytes]]) -> list[tuple[Path, bytes]]:
    """Each file with the SHA-256 of its content, which both digests below are made of."""
    return [(path, hashlib.sha256(data).digest()) for path, data in contents]


def _digest(hashed: Iterable[tuple[Path, bytes]]) -> str:
    h = hashlib.sha256(f"{__version__}/{_CACHE_FORMAT}".encode())
    for path, content_hash in hashed:
        h.update(str(path).encode())
        h.update(b"\0")
        h.update(content_hash)
    return h.hexdigest()


def _cache_path(digest: str) -> Path:
    return cache_root() / "mappings" / f"{digest[:32]}.table"


def _read_cache(path: Path) -> MappingTable | None:
    return read_signed(path, MappingTable)


def _write_cache(path: Path, table: MappingTable, files: Sequence[Path]) -> None:
    """The table, and its entries in a file of their own (read on first use)."""
    entries = path.with_suffix(".entries")
    write_signed(entries, pickled(table.entries))
    source = functools.partial(_read_entries, str(entries), tuple(str(f) for f in files))
    write_signed(path, replace(table, entries=LazyEntries(None, source)))


def _read_entries(path: str, files: tuple[str, ...]) -> PackedBlobs:
    """A compiled table's entries; rebuilt from the YAML files if that file has gone (a cache
    cleaned while a run was using it)."""
    blobs = read_signed(path, PackedBlobs)
    return blobs if blobs is not None else _rebuilt_entries(files)


def _rebuilt_entries(files: tuple[str, ...]) -> PackedBlobs:
    return pickled(build_table([(Path(f), Path(f).read_bytes()) for f in files]).entries)


# --- the table shipped in the wheel ---------------------------------------------------------------
# The built-in tables are compiled when the wheel is built or the checkout installed editable
# (hatch_build.py), so the first run after installing costs what every later one does (building
# them from YAML takes about 0.6 s).
# Read with plain pickle: the files are part of the installed package, as trusted as its code
# (the per-user cache, which anyone with the account can write, is signed instead).
SHIPPED_TABLE = "builtin.table"
SHIPPED_ENTRIES = "builtin.entries"


def write_shipped_table(mappings: Path, out_dir: Path) -> list[Path]:
    """Compile the YAML tables in `mappings` into out_dir; the files to ship beside them."""
    import pickle

    contents = [(Path("hipify_py/mappings") / f.name, f.read_bytes())
                for f in sorted(mappings.glob("*.yaml"))]
    table = build_table(contents)
    out_dir.mkdir(parents=True, exist_ok=True)
    entries, head = out_dir / SHIPPED_ENTRIES, out_dir / SHIPPED_TABLE
    entries.write_bytes(pickle.dumps(pickled(table.entries), protocol=pickle.HIGHEST_PROTOCOL))
    head.write_bytes(pickle.dumps((_shipped_digest(_hashed(contents)),
                                   replace(table, entries=LazyEntries(None))),
                                  protocol=pickle.HIGHEST_PROTOCOL))
    return [head, entries]


def _shipped_digest(hashed: Iterable[tuple[Path, bytes]]) -> str:
    """The built-in tables by file name and content: the same wherever the package is."""
    h = hashlib.sha256(f"{__version__}/{_CACHE_FORMAT}/shipped".encode())
    for path, content_hash in hashed:
        h.update(path.name.encode() + b"\0" + content_hash)
    return h.hexdigest()


def _read_shipped(hashed: Sequence[tuple[Path, bytes]], digest: str) -> MappingTable | None:
    """The compiled table the wheel ships, if it is that of these files (not edited since)."""
    import pickle

    folder = compiled_dir()
    try:
        shipped_digest, table = pickle.loads((folder / SHIPPED_TABLE).read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
        return None  # not compiled at install (a checkout on sys.path), or unreadable
    if shipped_digest != _shipped_digest(hashed) or not isinstance(table, MappingTable):
        return None
    source = functools.partial(_read_shipped_entries, str(folder / SHIPPED_ENTRIES),
                               tuple(str(p) for p, _ in hashed))
    return replace(table, digest=digest, entries=LazyEntries(None, source))


def _read_shipped_entries(path: str, files: tuple[str, ...]) -> PackedBlobs:
    import pickle

    try:
        blobs = pickle.loads(Path(path).read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError):
        blobs = None
    return blobs if isinstance(blobs, PackedBlobs) else _rebuilt_entries(files)


# --- queries ------------------------------------------------------------------------------------
def lookup(table: MappingTable, name: str) -> ApiEntry | None:
    return table.entries.get(name)


def close_matches(table: MappingTable, name: str, n: int = 5) -> list[str]:
    """Similar CUDA names, for "did you mean"; prefiltered by prefix so 11k names stay fast."""
    prefix = name[:3].lower()
    pool = [k for k in table.entries if k[:3].lower() == prefix] or list(table.entries)
    return difflib.get_close_matches(name, pool, n=n, cutoff=0.6)
