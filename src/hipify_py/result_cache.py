"""The result cache: a translated file is looked up by what determines its translation.

Key = hash(file bytes, display path, tool fingerprint, settings fingerprint, mapping digest,
parse arguments). The tool fingerprint hashes the package's own source files as well as its
version, so an edited checkout never serves results from older code. Entries are written with
a temporary file and a rename, so two concurrent runs at worst both write the same entry; a
torn or foreign file reads as a miss.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
from functools import cache
from pathlib import Path

from hipify_py import __version__
from hipify_py.mappings import cache_root
from hipify_py.outputs import atomic_write
from hipify_py.results import FileResult

_FORMAT = 1


@cache
def tool_fingerprint() -> str:
    """Version plus a digest of the installed package's code (cheap: ~30 small files)."""
    h = hashlib.sha256(f"{__version__}/{_FORMAT}".encode())
    package = Path(__file__).parent
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".h") and path.is_file():
            h.update(path.relative_to(package).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:20]


class ResultCache:
    def __init__(self, context: str, folder: Path | None = None) -> None:
        """`context` is everything run-wide that changes results (settings, mappings...)."""
        self.folder = folder or cache_root() / "results"
        self._context = hashlib.sha256(f"{tool_fingerprint()}\0{context}".encode()).digest()

    def key(self, data: bytes, display_path: str, extra_args: tuple[str, ...]) -> str:
        h = hashlib.sha256(self._context)
        h.update(display_path.encode("utf-8", "surrogateescape"))
        h.update(b"\0" + "\0".join(extra_args).encode("utf-8", "surrogateescape") + b"\0")
        h.update(data)
        return h.hexdigest()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key[2:]}.pickle"

    def get(self, key: str) -> FileResult | None:
        try:
            with self._path(key).open("rb") as handle:
                value = pickle.load(handle)
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError,
                TypeError, ValueError, IndexError):
            return None
        return value if isinstance(value, FileResult) else None

    def put(self, key: str, result: FileResult) -> None:
        """Best effort: a read-only or full cache directory only costs speed."""
        with contextlib.suppress(OSError):
            atomic_write(self._path(key), pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
