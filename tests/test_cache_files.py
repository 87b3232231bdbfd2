"""The signed cache files: what write_signed streams out, read_signed takes back, and nothing
that has been changed or cut short."""

from __future__ import annotations

import hashlib
import hmac
import pickle
from pathlib import Path

import pytest

from hipify_py.cache_files import _key, read_signed, write_signed


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_streamed_record_is_the_signature_then_the_pickle(cache: Path) -> None:
    value = {"results": [("a.cu", i, "x" * (i % 97)) for i in range(50_000)]}  # frames of a pickle
    path = cache / "runs" / "r.run"
    write_signed(path, value)
    blob = path.read_bytes()
    key = _key(cache)
    assert key is not None
    assert blob[:32] == hmac.new(key, blob[32:], hashlib.sha256).digest()
    assert pickle.loads(blob[32:]) == value
    assert read_signed(path, dict) == value
    assert [p.name for p in path.parent.iterdir()] == ["r.run"]  # no temporary left


@pytest.mark.parametrize("damage", ["flip", "truncate"])
def test_a_changed_record_is_not_read(cache: Path, damage: str) -> None:
    path = cache / "r.run"
    write_signed(path, {"a": list(range(1000))})
    blob = bytearray(path.read_bytes())
    if damage == "flip":
        blob[-5] ^= 1
    else:
        del blob[-10:]
    path.write_bytes(bytes(blob))
    assert read_signed(path, dict) is None
