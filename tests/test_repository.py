"""The repository's top level holds what the project is made of, nothing left by a session (a
scratch file named `-` was committed once: issue 30, point 9)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL = {".ci", ".gitignore", "DEVELOPERS.md", "README.md", "benchmarks", "docs", "examples",
             "hatch_build.py", "mappings", "pyproject.toml", "scripts", "src", "tests",
             ".pre-commit-hooks.yaml"}


def test_only_project_files_at_the_top_level() -> None:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    files = subprocess.run([git, "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert sorted({f.split("/", 1)[0] for f in files} - TOP_LEVEL) == []
