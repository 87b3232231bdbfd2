"""Cache files that cannot run code or lie: every entry is signed with a key only this user can
read, and an entry whose signature does not verify is a miss, never loaded.

The caches (the compiled mapping table, translated results) are pickles, for speed: a warm
table loads in tens of milliseconds. Unpickling runs code named by the data, so a cache folder
others can write (a shared CI cache, a world-writable $HIPIFY_PY_CACHE_DIR) must not be able to
feed us a pickle. Each file is HMAC-SHA256(key, payload) + payload; the key is 32 random bytes in
`<cache>/key`, created 0600. A key file that is not ours or that others can read or write
disables the cache (every read misses, nothing is written) rather than trusting it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import pickle
from functools import cache
from pathlib import Path
from typing import BinaryIO, TypeVar

T = TypeVar("T")
_TAG = 32  # bytes of HMAC-SHA256


def cache_root() -> Path:
    return _root(os.environ.get("HIPIFY_PY_CACHE_DIR"), os.environ.get("XDG_CACHE_HOME"),
                 os.environ.get("HOME"))


@cache
def _root(env: str | None, xdg: str | None, home: str | None) -> Path:
    """cache_root() for these variables: a warm run asks once per cached file."""
    if env:
        return Path(env)
    return (Path(xdg) if xdg else Path.home() / ".cache") / "hipify-py"


@cache
def _key(root: Path) -> bytes | None:
    """This user's signing key for the cache at root; None when it cannot be trusted."""
    path = root / "key"
    with contextlib.suppress(OSError):
        root.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(os.urandom(32))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if st.st_uid != os.getuid() or st.st_mode & 0o077 or st.st_size != 32:
            return None  # planted, shared or damaged: do not trust what it signs
        return handle.read()


def read_signed(path: str | Path, kind: type[T]) -> T | None:
    """The object stored at path, if it carries our signature and is a `kind`."""
    key = _key(cache_root())
    if key is None:
        return None
    try:
        with open(path, "rb") as handle:
            blob = handle.read()
    except OSError:
        return None
    tag, payload = blob[:_TAG], blob[_TAG:]
    if len(tag) != _TAG or not hmac.compare_digest(tag, hmac.new(key, payload, hashlib.sha256).digest()):
        return None
    try:
        value = pickle.loads(payload)  # ours: the signature says so
    except Exception:  # a version skew in our own classes: a miss
        return None
    return value if isinstance(value, kind) else None


def write_signed(path: str | Path, value: object) -> None:
    """Best effort: a read-only, full or untrusted cache only costs speed. The pickle is
    streamed to the file and signed as it goes: a whole run's results (10 MB for 700 files)
    held as one bytes object, and again with the signature in front, made the end of a run
    its peak of memory."""
    from hipify_py.files import atomic_write_stream

    key = _key(cache_root())
    if key is None:
        return

    def write(handle: BinaryIO) -> None:
        signer = hmac.new(key, digestmod=hashlib.sha256)
        handle.write(bytes(_TAG))  # the signature's place, filled in at the end
        pickle.dump(value, _Signing(handle, signer), protocol=pickle.HIGHEST_PROTOCOL)
        handle.seek(0)
        handle.write(signer.digest())

    with contextlib.suppress(OSError):
        atomic_write_stream(path, write)


class _Signing:
    """A file that signs what is written to it."""

    def __init__(self, handle: BinaryIO, signer: hmac.HMAC) -> None:
        self._handle, self._signer = handle, signer

    def write(self, data: bytes) -> int:
        self._signer.update(data)
        return self._handle.write(data)
