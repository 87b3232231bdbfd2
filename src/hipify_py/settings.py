"""Settings: every option that changes what a translation produces, as one frozen value.

The CLI builds it; nothing below the CLI reads options from anywhere else. `fingerprint()` feeds
the result cache, so any field that changes output must be part of it (all fields are).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field


@dataclass(frozen=True, slots=True, eq=False)
class Version:
    """A dotted version such as 5.2 or 6.1.0; compares numerically."""

    parts: tuple[int, ...]

    @classmethod
    def parse(cls, text: str) -> Version:
        text = text.strip()
        try:
            parts = tuple(int(p) for p in text.split("."))
        except ValueError:
            raise ValueError(f"not a version: {text!r} (expected e.g. 5.2 or 6.1.0)") from None
        if not parts or any(p < 0 for p in parts):
            raise ValueError(f"not a version: {text!r}")
        return cls(parts)

    def _padded(self, width: int = 4) -> tuple[int, ...]:
        return self.parts + (0,) * (width - len(self.parts))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        return self._padded() < other._padded()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        return self._padded() <= other._padded()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        return self._padded() > other._padded()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        return self._padded() >= other._padded()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Version):
            return NotImplemented
        return self._padded() == other._padded()

    def __hash__(self) -> int:
        return hash(self._padded())

    def __str__(self) -> str:
        return ".".join(str(p) for p in self.parts)


def describe_target(settings: Settings) -> str:
    """The HIP the translation was made for, and why, in words for the summary line."""
    cuda = f"; CUDA read as {settings.cuda_version}"
    if settings.hip_version is None:
        origin = settings.hip_version_origin or "no --hip-version"
        return f"the newest HIP the tables know ({origin}){cuda}"
    origin = f" ({settings.hip_version_origin})" if settings.hip_version_origin else ""
    return f"HIP {settings.hip_version}{origin}{cuda}"


DEFAULT_CUDA_VERSION = "13.0"


def cuda_major_minor(version: Version) -> tuple[int, int]:
    """12.4 -> (12, 4); 12 -> (12, 0)."""
    major, minor = (*version.parts, 0)[:2]
    return major, minor


def cuda_version_number(version: Version) -> int:
    """CUDA's encoding: 12.4 -> 12040 (what CUDA_VERSION and CUDART_VERSION hold)."""
    major, minor = cuda_major_minor(version)
    return major * 1000 + minor * 10


@dataclass(frozen=True, slots=True)
class Settings:
    """What to translate to and how. Defaults follow hipify-clang's defaults where it has one."""

    # Targets
    roc: bool = False  # rocBLAS/rocSPARSE/rocRAND/rocSOLVER names where they exist
    hipdnn: bool = False  # cuDNN -> obsolete hipDNN names instead of MIOpen
    experimental: bool = False  # use HIP names marked experimental
    amap: bool = False  # hipify as much as possible: ignore version/experimental gates (still
    # reported); rename names in the branches skip_excluded_blocks skips too
    hip_version: Version | None = None  # never emit a HIP name newer than this
    hip_version_origin: str = ""  # where hip_version came from, for the summary line
    # The CUDA release the code is read as: CUDA_VERSION/CUDART_VERSION comparisons keep the
    # branch that release would take (parsing defines the same values).
    cuda_version: Version = field(default_factory=lambda: Version.parse(DEFAULT_CUDA_VERSION))
    use_hip_data_types: bool = False
    # Rewriting
    keep_launch_syntax: bool = False  # leave k<<<...>>>(...) as it is (hip-clang accepts it)
    # Library headers as hipify-clang spells them (hipblas.h), not in their folders
    # (hipblas/hipblas.h): for include paths set up for hipify-clang's output.
    flat_library_headers: bool = False
    skip_excluded_blocks: bool = False  # do not rename inside inactive #if branches
    # Build files (Makefiles): the GPU targets nvcc's -arch/-gencode become (empty: the
    # table's default list), and whether build files are ported at all.
    offload_arch: tuple[str, ...] = ()
    port_build_files: bool = True
    # CMake files: "cxx" compiles CUDA sources as C++ with hipcc and hip::device (builds with any
    # ROCm, distribution packages included); "hip" uses CMake's HIP language (CMake >= 3.21).
    cmake_style: str = "cxx"
    # Parsing
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    cuda_path: str | None = None
    extra_clang_args: tuple[str, ...] = ()
    show_clang_diagnostics: bool = False
    # Mappings
    mapping_files: tuple[str, ...] = ()
    # Reporting
    ignored_codes: frozenset[str] = field(default_factory=frozenset)

    def fingerprint(self) -> str:
        """A stable digest of every field that changes output, for cache keys."""
        raw = asdict(self)
        del raw["hip_version_origin"]
        raw["hip_version"] = str(self.hip_version) if self.hip_version else None
        raw["cuda_version"] = str(self.cuda_version)
        raw["ignored_codes"] = sorted(self.ignored_codes)
        blob = json.dumps(raw, sort_keys=True, default=list).encode()
        return hashlib.sha256(blob).hexdigest()[:16]


def include_dirs_of(args: Sequence[str]) -> tuple[str, ...]:
    """The include folders of a command line: its -I folders (`-Idir` or `-I dir`) in order,
    then its -isystem and -iquote ones."""
    user: list[str] = []
    other: list[str] = []
    for k, arg in enumerate(args):
        value = args[k + 1] if k + 1 < len(args) else None
        if arg == "-I" and value is not None:
            user.append(value)
        elif arg.startswith("-I") and arg != "-I":
            user.append(arg[2:])
        elif arg in ("-isystem", "-iquote") and value is not None:
            other.append(value)
    return (*user, *other)
