"""The tables against the HIP headers themselves: every runtime or driver name the tables say a
HIP release has is declared by that release's headers (ROCm 5.2 from Debian in /usr/include/hip;
ROCm 7.2 under /srv/rocm7 when ../shared/tools/modern-hip.sh installed it). A name the tables
emit for a HIP that lacks it fails to compile with no finding; this test finds such rows first.
Skipped, visibly, where the headers are not installed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hipify_py.settings import Version
from hipify_py.tables.mapping_model import MappingTable

INSTALLS = {"5.2": Path("/usr/include/hip"), "7.2": Path("/srv/rocm7/usr/include/hip")}
# Device functions live partly in clang's own HIP headers, not in these folders: not checked.
FAMILIES = ("runtime", "driver", "rtc")
_WORD = re.compile(rb"\b[A-Za-z_]\w*\b")


def _declared_words(folder: Path) -> set[bytes]:
    words: set[bytes] = set()
    for header in folder.rglob("*.h"):
        words.update(_WORD.findall(header.read_bytes()))
    return words


@pytest.mark.parametrize("release", sorted(INSTALLS))
def test_names_the_tables_date_to_a_release_are_in_its_headers(
        release: str, table: MappingTable) -> None:
    folder = INSTALLS[release]
    if not (folder / "hip_runtime_api.h").is_file():
        pytest.skip(f"HIP {release} headers not installed at {folder}")
    words = _declared_words(folder)
    version = Version.parse(release)
    missing = sorted(
        f"{e.cuda} -> {e.hip} (hip_added {e.hip_added})"
        for e in table.entries.values()
        if e.family in FAMILIES and e.hip and e.hip_added and not e.hip_removed
        and not e.hip_unreleased and Version.parse(e.hip_added) <= version
        and e.hip.encode() not in words
    )
    assert missing == [], f"{len(missing)} names HIP {release} does not declare:\n" + "\n".join(
        missing[:40])


@pytest.mark.parametrize("release", sorted(INSTALLS))
def test_device_property_fields_match_the_release(release: str, table: MappingTable) -> None:
    """device_properties.yaml against hipDeviceProp_t of each installed release: a field dated
    to it (or undated) is declared there; a field reported as missing is not."""
    folder = INSTALLS[release]
    if not (folder / "hip_runtime_api.h").is_file():
        pytest.skip(f"HIP {release} headers not installed at {folder}")
    text = (folder / "hip_runtime_api.h").read_text(encoding="utf-8", errors="replace")
    start = text.index("typedef struct hipDeviceProp_t")
    body = re.sub(r"/\*.*?\*/|//[^\n]*", "", text[start:text.index("}", start)], flags=re.S)
    declared = set(re.findall(r"\b(\w+)\s*(?:\[[^\]]*\])*\s*;", body))
    version = Version.parse(release)
    wrong = [
        name for name, field in table.members["cudaDeviceProp"].items()
        if (field.unsupported and name in declared)
        or (not field.unsupported and (field.hip_added is None or Version.parse(field.hip_added)
                                       <= version) and name not in declared)
    ]
    assert wrong == []


_HIPCC = {"5.2": ("/usr/bin/hipcc", "gfx90a"), "7.2": ("/srv/rocm7/.bin/hipcc", "gfx942")}


@pytest.mark.parametrize("release", sorted(_HIPCC))
def test_cooperative_groups_names_match_the_headers(release: str, tmp_path: Path) -> None:
    """What the residue check (rules/residue.py) takes HIP's cooperative_groups namespace to
    declare, against clang's AST of the installed headers."""
    import json
    import os
    import shutil
    import subprocess

    from hipify_py.engine.rules.residue import HIP_COOPERATIVE_GROUPS_52, HIP_COOPERATIVE_GROUPS_72

    hipcc, arch = _HIPCC[release]
    if shutil.which(hipcc) is None:
        pytest.skip(f"no hipcc for HIP {release} here")
    source = tmp_path / "cg.hip"
    source.write_text("#include <hip/hip_runtime.h>\n#include <hip/hip_cooperative_groups.h>\n")
    # Run from tmp_path, as the compile tests do: ROCm 7.2's wrapper (modern-hip.sh) runs hipcc in
    # a chroot that shares only the current folder's top-level folder and a few known ones.
    proc = subprocess.run(
        [hipcc, f"--offload-arch={arch}", "-std=c++17", "-fsyntax-only", "--cuda-host-only",
         "-Xclang", "-ast-dump=json", "-Xclang", "-ast-dump-filter=cooperative_groups",
         str(source)], capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env=dict(os.environ, HIP_PLATFORM="amd"), check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    dump = proc.stdout
    decoder, at, names = json.JSONDecoder(), 0, set()
    while dump[at:].strip():  # one JSON object per declaration the filter matched
        at = len(dump) - len(dump[at:].lstrip())
        node, at = decoder.raw_decode(dump, at)
        if node.get("kind") == "NamespaceDecl" and node.get("name") == "cooperative_groups":
            names |= {c["name"] for c in node.get("inner", []) if c.get("name")}
    public = {n for n in names if not n.startswith("__")}
    # Helpers that are not part of the CUDA-facing API (internal namespaces, type traits).
    public -= {"impl", "internal", "is_power_of_2", "is_valid_tile_size", "is_valid_type",
               "is_valid_wavefront", "thread_block_tile_base", "thread_block_tile_type",
               "tile_base", "tiled_group", "parent_group_info"}
    expected = HIP_COOPERATIVE_GROUPS_52 if release == "5.2" else HIP_COOPERATIVE_GROUPS_72
    assert public == expected
