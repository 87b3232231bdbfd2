"""Build files: the compiler, flags, libraries and paths of a CUDA build, ported to HIP's.

Each porter yields the same Edits and Findings as the source rules, from the one flag table
(mappings/build_flags.yaml), and goes through the same plan -> apply -> report path."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from hipify_py.buildfiles.names import is_build_file, is_cmake_file, is_makefile

if TYPE_CHECKING:
    from hipify_py.engine.edits import Edit
    from hipify_py.reporting.diagnostics import Finding
    from hipify_py.settings import Settings
    from hipify_py.tables.mapping_model import BuildFlags

__all__ = ["is_build_file", "is_cmake_file", "is_makefile", "port_build_file"]


def port_build_file(path: str, data: bytes, flags: BuildFlags,
                    settings: Settings) -> Iterator[Edit | Finding]:
    if is_cmake_file(path):
        from hipify_py.buildfiles.cmake import port_cmake

        return port_cmake(data, flags, settings)
    from hipify_py.buildfiles.makefiles import port_makefile

    return port_makefile(data, flags, settings)
