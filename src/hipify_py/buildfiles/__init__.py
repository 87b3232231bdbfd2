"""Build files: the compiler, flags, libraries and paths of a CUDA build, ported to hipcc's.

Each porter yields the same Edits and Findings as the source rules, from the one flag table
(mappings/build_flags.yaml), and goes through the same plan -> apply -> report path."""

from __future__ import annotations

from hipify_py.buildfiles.makefiles import is_makefile, port_makefile

__all__ = ["is_build_file", "is_makefile", "port_makefile"]


def is_build_file(path: str) -> bool:
    return is_makefile(path)
