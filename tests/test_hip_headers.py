"""The tables against the HIP headers themselves: every runtime or driver name the tables say a
HIP release has is declared by that release's headers (ROCm 5.2 from Debian in /usr/include/hip;
ROCm 7.2 under /srv/rocm7 when ../shared/tools/modern-hip.sh installed it). A name the tables
emit for a HIP that lacks it fails to compile with no finding; this test finds such rows first.
Skipped, visibly, where the headers are not installed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hipify_py.mapping_model import MappingTable
from hipify_py.settings import Version

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
