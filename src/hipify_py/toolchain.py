"""The installed HIP toolchain, if any: hipconfig's version and the hipcc command line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

from hipify_py.settings import Version

_VERSION_RE = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?")


def detect_hip_version(hipconfig: str | None = None) -> Version | None:
    """The HIP version `hipconfig --version` reports (e.g. 5.2.21153 -> 5.2.21153), or None."""
    exe = hipconfig or shutil.which("hipconfig")
    if exe is None:
        return None
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
    major, minor = match.group(1), match.group(2)
    # hipconfig prints major.minor.build-hash; the build number is not a HIP release number.
    return Version.parse(f"{major}.{minor}")
