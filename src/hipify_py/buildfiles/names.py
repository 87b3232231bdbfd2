"""Which files are build files, by name alone (every run asks; the porters load only for one)."""

from __future__ import annotations

import fnmatch
import os

MAKEFILE_NAMES = frozenset({"Makefile", "makefile", "GNUmakefile", "make.config", "make.inc"})
MAKEFILE_GLOBS = ("*.mk", "*.mak", "*.make", "Makefile.*", "makefile.*")


def is_makefile(path: str) -> bool:
    name = os.path.basename(path)
    return name in MAKEFILE_NAMES or any(fnmatch.fnmatchcase(name, g) for g in MAKEFILE_GLOBS)


def is_cmake_file(path: str) -> bool:
    name = os.path.basename(path)
    return name == "CMakeLists.txt" or name.endswith(".cmake")


def is_build_file(path: str) -> bool:
    return is_makefile(path) or is_cmake_file(path)
