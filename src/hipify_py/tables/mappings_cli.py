"""`hipify-py lookup` and `hipify-py mappings docs|stats`: query and document the tables.

The command line imports this module on every run, to register these commands: what only their
bodies need (targets.py, csv) is imported there, so that `translate` does not pay for it.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from typing import Annotated, Any

import typer

from hipify_py.settings import DEFAULT_CUDA_VERSION, Settings, Version
from hipify_py.tables.cuda_releases import version_macros
from hipify_py.tables.mapping_model import ApiEntry, MappingTable
from hipify_py.tables.mappings import MappingError, close_matches, load_mapping_table

EXIT_USAGE = 2

mappings_app = typer.Typer(no_args_is_help=True, add_completion=False,
                           help="Inspect and document the mapping tables.")

MappingFiles = Annotated[list[str] | None, typer.Option("--mappings", help="Extra mapping YAML file (repeatable).")]


def _usage(message: str) -> typer.Exit:
    typer.echo(f"hipify-py: error: {message}", err=True)
    return typer.Exit(EXIT_USAGE)


def _table(mappings: list[str] | None) -> MappingTable:
    try:
        return load_mapping_table(mappings or [])
    except MappingError as exc:
        raise _usage(str(exc)) from None


def _reverse(table: MappingTable, name: str) -> list[ApiEntry]:
    return [e for e in table.entries.values() if name in (e.hip, e.roc)]


def _describe(entry: ApiEntry, settings: Settings, table: MappingTable) -> dict[str, Any]:
    from hipify_py.tables.targets import resolve

    resolution = resolve(entry, settings, table)
    return {
        "cuda": entry.cuda,
        "family": entry.family,
        "section": entry.section,
        "hip": entry.hip,
        "roc": entry.roc,
        "status": entry.status.value,
        "cuda_versions": {"added": entry.cuda_added, "deprecated": entry.cuda_deprecated,
                          "changed": entry.cuda_changed, "removed": entry.cuda_removed},
        "hip_versions": {"added": entry.hip_added, "deprecated": entry.hip_deprecated,
                         "changed": entry.hip_changed, "removed": entry.hip_removed,
                         "experimental": entry.hip_experimental},
        # what a target before hip_changed gets (hipblasCgemm_v2 on HIP 6.x)
        "hip_before_change": ({"name": entry.hip_interim, "from": entry.hip_interim_added}
                              if entry.hip_interim else None),
        "roc_versions": {"added": entry.roc_added, "deprecated": entry.roc_deprecated,
                         "removed": entry.roc_removed, "experimental": entry.roc_experimental},
        "note": entry.note,
        "closest": entry.closest,
        "meaning_differs": entry.semantic,
        "behaviour_differs": entry.behaviour,
        "arguments": [{"action": r.action.value, "index": r.index, "value": r.value,
                       "mode": r.mode.value, "note": r.note} for r in entry.args],
        "becomes": resolution.name,
        "calls": _calls(entry, settings, table),
        "library": resolution.library,
        "findings": [{"code": n.code, "message": n.message, "suggestion": n.suggestion}
                     for n in resolution.notes],
        "source": entry.source,
    }


def _calls(entry: ApiEntry, settings: Settings, table: MappingTable) -> list[dict[str, Any]]:
    """What a call becomes by its argument count (and, where two CUDA releases share a count,
    by the type of the argument that tells their forms apart), where that differs by call."""
    from hipify_py.tables.mapping_model import ArgAction
    from hipify_py.tables.targets import reads_changed_form, resolve

    def target(name: str | None) -> dict[str, Any]:
        own = table.entry_for_hip(name) if name else None
        gate = resolve(own, settings, table) if own is not None and own.cuda != entry.cuda else None
        if gate is not None and not gate.converted:
            return {"becomes": None, "why": "; ".join(n.message for n in gate.notes)}
        return {"becomes": name, "why": None if name else "HIP has no function of this form"}

    out: list[dict[str, Any]] = []
    for count, name in entry.overloads:
        if resolve(entry, settings, table, count).name is None:
            continue  # (left for another reason: reported as for any use)
        dropped = [r.index + 1 for r in entry.args
                   if r.action is ArgAction.DROP_NULL and r.value == f"arity={count}"]
        out.append({"arguments": count, **target(name),
                    "null_argument_dropped": dropped[0] if dropped else None})
    for typed in entry.typed_overloads:
        out.append({"arguments": typed.arity, "by_type_of_argument": typed.argument + 1,
                    "forms": [{"type": typed.old_type, **target(typed.old_hip)},
                              {"type": typed.new_type, **target(typed.new_hip)}],
                    "type_not_seen": typed.new_type if reads_changed_form(entry, settings)
                    else typed.old_type})
    return sorted(out, key=lambda c: c["arguments"])


def lookup_command(
    names: Annotated[list[str], typer.Argument(help="CUDA (or HIP) names to look up.")],
    roc: Annotated[bool, typer.Option("--roc", help="Show the rocBLAS/rocSPARSE/... target.")] = False,
    hipdnn: Annotated[bool, typer.Option("--hipdnn", help="Show the obsolete hipDNN target for cuDNN.")] = False,
    experimental: Annotated[bool, typer.Option("--experimental")] = False,
    hip_version: Annotated[str | None, typer.Option("--hip-version", metavar="X.Y")] = None,
    cuda_version: Annotated[str | None, typer.Option("--cuda-version", metavar="X.Y", help="The CUDA release the code is read as (default 13.0): version macros take its values, a name outside a call takes its form, and mappings that do not hold for it say so.")] = None,
    mappings: MappingFiles = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """What a CUDA name becomes: HIP and ROC names, family, versions, status and notes."""
    try:
        version = Version.parse(hip_version) if hip_version else None
    except ValueError as exc:
        raise _usage(f"--hip-version: {exc}") from None
    try:
        cuda = Version.parse(cuda_version or DEFAULT_CUDA_VERSION)
    except ValueError as exc:
        raise _usage(f"--cuda-version: {exc}") from None
    settings = Settings(roc=roc, hipdnn=hipdnn, experimental=experimental, hip_version=version,
                        cuda_version=cuda)
    table = _table(mappings)
    macros = version_macros(cuda)
    records: list[dict[str, Any]] = []
    unknown = False
    for name in names:
        entry = table.entries.get(name)
        if entry is not None:
            record = {**_describe(entry, settings, table), "read_as": macros.get(name),
                      "cuda_version": str(cuda)}
            if name in macros and entry.hip is None:  # a library's version: its value is read
                record |= {"status": "value", "becomes": f"{macros[name]} where its value is used",
                           "findings": [f for f in record["findings"] if f["code"] != "HPY101"]}
            records.append(record)
            continue
        if name in macros:
            records.append({"macro": name, "read_as": macros[name], "cuda_version": str(cuda)})
            continue
        reverse = _reverse(table, name)
        if reverse:
            records.append({"hip_name": name, "cuda_names": sorted(e.cuda for e in reverse)})
            continue
        unknown = True
        records.append({"unknown": name, "did_you_mean": close_matches(table, name)})
    if as_json:
        typer.echo(json.dumps(records, indent=2))
    else:
        for record in records:
            typer.echo(_format(record))
    if unknown:
        raise typer.Exit(1)


def _format(record: dict[str, Any]) -> str:
    if "unknown" in record:
        hint = ", ".join(record["did_you_mean"]) or "no close match"
        return f"{record['unknown']}: not a known CUDA or HIP name (did you mean: {hint})"
    if "hip_name" in record:
        return f"{record['hip_name']}: the HIP/ROC name of {', '.join(record['cuda_names'])}"
    if "macro" in record:
        return (f"{record['macro']}: a version macro, read as {record['read_as']} "
                f"(CUDA {record['cuda_version']}, --cuda-version)")

    def versions(v: dict[str, Any]) -> str:
        parts = [f"{k} {val}" for k, val in v.items() if val and k != "experimental"]
        if v.get("experimental"):
            parts.append("experimental")
        return ", ".join(parts) or "-"

    lines = [
        f"{record['cuda']}  ({record['family']}: {record['section']})",
        f"  status      {record['status']}",
        f"  HIP         {record['hip'] or '-'}   [{versions(record['hip_versions'])}]",
    ]
    before = record["hip_before_change"]
    if before:
        lines.append(f"  HIP before  {before['name']}   [HIP {before['from']} up to "
                     f"{record['hip_versions']['changed']}]")
    lines += [
        f"  ROC         {record['roc'] or '-'}   [{versions(record['roc_versions'])}]",
        f"  CUDA        [{versions(record['cuda_versions'])}]",
        f"  becomes     {record['becomes'] or '(left as it is)'} ({record['library']})",
    ]
    if record["calls"]:  # (then "becomes" and the findings are those of a use that is no call)
        lines[-1] = (f"  becomes     by its calls (below); as a value, "
                     f"{record['becomes'] or '(left as it is)'} ({record['library']})")
    if record["read_as"] is not None:
        lines.append(f"  read as     {record['read_as']} (CUDA {record['cuda_version']}, "
                     "--cuda-version)")
    if record["note"]:
        lines.append(f"  note        {record['note']}")
    if record["closest"]:
        lines.append(f"  closest     {record['closest']}")
    for call in record["calls"]:
        lines.append(f"  call ({call['arguments']} args) {_call_text(call)}")
    if record["calls"]:
        lines.append("  other calls (left as they are: HPY155)")
    for arg in record["arguments"]:
        lines.append(f"  argument    {arg['mode']}: {arg['action']} #{arg['index']} {arg['value']}".rstrip())
    for f in record["findings"]:
        lines.append(f"  {f['code']}      {f['message']}" + (f" ({f['suggestion']})" if f["suggestion"] else ""))
    return "\n".join(lines)


def _call_text(call: dict[str, Any]) -> str:
    def becomes(form: dict[str, Any]) -> str:
        return form["becomes"] or f"left ({form['why']})"

    if "forms" in call:
        forms = "; ".join(f"{f['type']}: {becomes(f)}" for f in call["forms"])
        return (f"by argument {call['by_type_of_argument']}'s type: {forms} (type not seen: "
                f"read as {call['type_not_seen']}, --cuda-version, HPY156)")
    dropped = call["null_argument_dropped"]
    text = becomes(call)
    return text + (f" (argument {dropped} dropped where a null constant, else HPY155)"
                   if dropped and call["becomes"] else "")


# --- docs ----------------------------------------------------------------------------------
_COLUMNS = ("CUDA", "HIP", "ROC", "CUDA A/D/R", "HIP A/D/R/E", "status", "differs on AMD")


def _rows(table: MappingTable, family: str) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for entry in sorted((e for e in table.entries.values() if e.family == family),
                        key=lambda e: e.cuda):
        out.append((
            entry.cuda, entry.hip or "", entry.roc or "",
            _versions(entry.cuda_added, entry.cuda_deprecated, entry.cuda_removed),
            _versions(entry.hip_added, entry.hip_deprecated, entry.hip_removed,
                      entry.hip_experimental),
            entry.status.value,
            "; ".join(f"{code}: {text}" for code, text in (("HPY170", entry.semantic),
                                                          ("HPY171", entry.behaviour)) if text),
        ))
    return out


def _versions(added: str | None, deprecated: str | None, removed: str | None,
              experimental: bool = False) -> str:
    """"A 1.7.0, D 11.0" style; empty when nothing is known."""
    parts = [f"{k} {v}" for k, v in (("A", added), ("D", deprecated), ("R", removed)) if v]
    if experimental:
        parts.append("E")
    return ", ".join(parts)


def render_docs(table: MappingTable, fmt: str, families: list[str]) -> str:
    from hipify_py.tables.targets import library_name

    if fmt == "csv":
        import csv

        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(("family", *_COLUMNS))
        for family in families:
            for row in _rows(table, family):
                writer.writerow((family, *row))
        return buffer.getvalue()
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("hipify_py.reporting", "templates"),
                             autoescape=fmt == "html", trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    env.filters["md"] = lambda s: str(s).replace("|", "\\|")
    sections = [
        {"name": f, "title": table.families[f].title if f in table.families else f,
         "library": library_name(f, "hip"), "rows": _rows(table, f),
         "counts": Counter(e.status.value for e in table.entries.values() if e.family == f)}
        for f in families
    ]
    template = env.get_template(f"mappings.{fmt}.j2")
    return str(template.render(sections=sections, columns=_COLUMNS))


@mappings_app.command("docs")
def docs_command(
    fmt: Annotated[str, typer.Option("--format", "-f", help="md, html or csv.")] = "md",
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write to this file.")] = None,
    family: Annotated[list[str] | None, typer.Option("--family", help="Only this family (repeatable).")] = None,
    mappings: MappingFiles = None,
) -> None:
    """Render the supported-API tables."""
    if fmt not in ("md", "html", "csv"):
        raise _usage(f"--format: {fmt!r} is not one of md, html, csv")
    table = _table(mappings)
    known = sorted({e.family for e in table.entries.values()})
    chosen = family or known
    bad = [f for f in chosen if f not in known]
    if bad:
        raise _usage(f"--family: unknown family {', '.join(bad)} (known: {', '.join(known)})")
    text = render_docs(table, fmt, chosen)
    if output:
        from hipify_py.files import write_if_changed

        write_if_changed(output, text.encode())
    else:
        typer.echo(text, nl=False)


@mappings_app.command("stats")
def stats_command(
    mappings: MappingFiles = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Count entries per family and status."""
    table = _table(mappings)
    counts: dict[str, Counter[str]] = {}
    for entry in table.entries.values():
        counts.setdefault(entry.family, Counter())[entry.status.value] += 1
    statuses = sorted({s for c in counts.values() for s in c})
    if as_json:
        typer.echo(json.dumps({"families": {f: dict(c) for f, c in sorted(counts.items())},
                               "total": len(table.entries), "headers": len(table.headers)},
                              indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    out = Table(title=f"{len(table.entries)} CUDA names, {len(table.headers)} headers")
    out.add_column("family")
    for s in statuses:
        out.add_column(s, justify="right")
    out.add_column("total", justify="right")
    for family, c in sorted(counts.items()):
        out.add_row(family, *(str(c.get(s, 0)) for s in statuses), str(sum(c.values())))
    Console(width=120).print(out)

