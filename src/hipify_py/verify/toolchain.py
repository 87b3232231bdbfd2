"""The installed HIP toolchain, if any: hipconfig's version and the hipcc command line."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess

from hipify_py.settings import Version

_VERSION_RE = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?")


def detect_hip_version(hipconfig: str | None = None) -> Version | None:
    """The HIP version `hipconfig --version` reports (e.g. 5.2.21153 -> 5.2), or None.
    Remembered per hipconfig executable (path, size, mtime): running it costs ~0.1 s, which
    a pre-commit run on one file should not pay every time."""
    exe = hipconfig or shutil.which("hipconfig")
    if exe is None:
        return None
    try:
        info = os.stat(exe)
    except OSError:
        return None
    key = f"{os.path.realpath(exe)}\0{info.st_size}\0{info.st_mtime_ns}\0{os.environ.get('PATH', '')}"
    remembered = _remembered()
    if key in remembered:
        text = remembered[key]
        return Version.parse(text) if text else None
    found = _ask(exe)
    remembered[key] = str(found) if found else ""
    _remember(remembered)
    return found


def _ask(exe: str) -> Version | None:
    try:
        proc = subprocess.run(
            [exe, "--version"], capture_output=True, text=True, timeout=30,
            env={**os.environ, "HIP_PLATFORM": os.environ.get("HIP_PLATFORM", "amd")},
        )
    except (OSError, subprocess.SubprocessError):
        return None
    match = _VERSION_RE.search(proc.stdout or "")
    if match is None:
        return None
    # hipconfig prints major.minor.build-hash; the build number is not a HIP release number.
    return Version.parse(f"{match.group(1)}.{match.group(2)}")


def _store() -> str:
    from hipify_py.cache_files import cache_root

    return str(cache_root() / "hipconfig.json")


def _remembered() -> dict[str, str]:
    try:
        with open(_store(), encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _remember(data: dict[str, str]) -> None:
    from hipify_py.files import atomic_write

    with contextlib.suppress(OSError):
        atomic_write(_store(), json.dumps(dict(list(data.items())[-16:])).encode())
