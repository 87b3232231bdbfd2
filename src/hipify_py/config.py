"""`[tool.hipify-py]` in the nearest pyproject.toml: project defaults that options override.

Only settings a team wants fixed for a repository live here (what fails CI, what is ignored,
which files, extra mapping files, the HIP version it targets). Paths are relative to the
pyproject.toml that names them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

_KEYS = {
    "fail-on", "ignore", "include", "exclude", "mappings", "hip-version", "roc", "experimental",
    "format",
}


class ConfigError(ValueError):
    """A bad [tool.hipify-py] table; the message names the file and the key."""


class ProjectConfig(NamedTuple):
    """The table's values, checked; options given on the command line override them."""

    path: Path  # the pyproject.toml it came from
    fail_on: str | None = None
    ignore: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    mappings: tuple[Path, ...] = ()
    hip_version: str | None = None
    roc: bool = False
    experimental: bool = False
    format: str | None = None


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start` (a file or a directory)."""
    folder = start.resolve()
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        path = candidate / "pyproject.toml"
        if path.is_file():
            return path
    return None


def load_project_config(start: Path) -> ProjectConfig | None:
    """Read [tool.hipify-py] from the nearest pyproject.toml; None when there is none."""
    path = find_pyproject(start)
    if path is None:
        return None
    import tomllib  # only where there is a pyproject.toml to read

    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except RecursionError:  # tomllib recurses per nested array or table
        raise ConfigError(f"{path}: cannot read: values nested too deeply") from None
    tool = doc.get("tool", {})
    if not isinstance(tool, dict):  # `tool = "legacy"`: not ours to read, but not a table
        raise ConfigError(f"{path}: [tool] must be a table, not {tool!r}")
    table = tool.get("hipify-py")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.hipify-py] must be a table")
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise ConfigError(
            f"{path}: [tool.hipify-py]: unknown key(s) {', '.join(unknown)} "
            f"(known: {', '.join(sorted(_KEYS))})"
        )
    base = path.parent
    return ProjectConfig(
        path=path,
        fail_on=_string(path, table, "fail-on"),
        ignore=_strings(path, table, "ignore"),
        include=_strings(path, table, "include"),
        exclude=_strings(path, table, "exclude"),
        mappings=tuple(base / p for p in _strings(path, table, "mappings")),
        hip_version=_string(path, table, "hip-version"),
        roc=_bool(path, table, "roc"),
        experimental=_bool(path, table, "experimental"),
        format=_string(path, table, "format"),
    )


def _string(path: Path, table: dict[str, Any], key: str) -> str | None:
    value = table.get(key)
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and key == "hip-version":
        return str(value)  # hip-version = 6.1 parses as a float
    if not isinstance(value, str):
        raise ConfigError(f"{path}: [tool.hipify-py] {key}: expected a string, got "
                          f"{_shown(value)}")
    _no_nul(path, key, value)
    return value


def _strings(path: Path, table: dict[str, Any], key: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: [tool.hipify-py] {key}: expected a list of strings")
    for v in value:
        _no_nul(path, key, v)
    return tuple(value)


def _no_nul(path: Path, key: str, value: str) -> None:
    """No option, path or pattern holds a NUL character (a path with one cannot be opened)."""
    if "\0" in value:
        raise ConfigError(f"{path}: [tool.hipify-py] {key}: {value!r} holds a NUL character")


def _shown(value: object) -> str:
    """A value for a message, at most a line of it."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _bool(path: Path, table: dict[str, Any], key: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise ConfigError(f"{path}: [tool.hipify-py] {key}: expected true or false")
    return value
