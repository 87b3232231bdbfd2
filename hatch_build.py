"""Wheel build hook: ship the mapping tables compiled, so the first run after installing costs
what every later one does (src/hipify_py/tables/mappings.py reads them; without them the first
run compiles the YAML into the per-user cache). An editable install, the README's, gets them in
the checkout's build/compiled-tables (git-ignored), where the installed code looks for them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class ShippedTableHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        sys.path.insert(0, str(Path(self.root) / "src"))
        try:
            from hipify_py.tables.mappings import write_shipped_table
        finally:
            sys.path.pop(0)
        if version == "editable":
            write_shipped_table(Path(self.root) / "mappings",
                                Path(self.root) / "build" / "compiled-tables")
            # And the bytecode, as pip compiles a wheel's: the first run would compile every
            # module (0.2 s), and every run would where PYTHONDONTWRITEBYTECODE is set.
            import compileall

            compileall.compile_dir(str(Path(self.root) / "src" / "hipify_py"), quiet=1)
            return
        out = Path(self.directory) / "compiled-table"
        for path in write_shipped_table(Path(self.root) / "mappings", out):
            build_data["force_include"][str(path)] = f"hipify_py/mappings/{path.name}"
