"""Bad input: each gets a one-line located message or a byte-exact translation, never an
exception."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hipify_py.port.dispatch import port_file
from hipify_py.results import FileStatus
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable

CUDA = b"#include <cuda_runtime.h>\nint main() { void *p; return (int)cudaMalloc(&p, 4); }\n"


def codes(result: object) -> list[str]:
    return [d.code for d in result.diagnostics]  # type: ignore[attr-defined]


def test_binary_file_is_skipped(tmp_path: Path, table: MappingTable) -> None:
    path = tmp_path / "blob.cu"
    path.write_bytes(b"\x7fELF\x00\x00cudaMalloc\x00")
    result = port_file(str(path), table, Settings())
    assert result.status is FileStatus.SKIPPED and codes(result) == ["HPY903"]
    assert result.diagnostics[0].line == 1


def test_invalid_utf8_is_translated_byte_exactly(tmp_path: Path, table: MappingTable) -> None:
    path = tmp_path / "latin.cu"
    data = CUDA.replace(b"int main", b"/* r\xe9sum\xe9 \xff */ int main")
    path.write_bytes(data)
    result = port_file(str(path), table, Settings())
    assert result.output is not None
    assert b"hipMalloc" in result.output and b"r\xe9sum\xe9 \xff" in result.output
    assert "HPY904" in codes(result)


def test_crlf_and_bom_survive(tmp_path: Path, table: MappingTable) -> None:
    path = tmp_path / "crlf.cu"
    path.write_bytes(b"\xef\xbb\xbf" + CUDA.replace(b"\n", b"\r\n"))
    result = port_file(str(path), table, Settings())
    assert result.output is not None
    assert result.output.startswith(b"\xef\xbb\xbf#include <hip/hip_runtime.h>\r\n")
    assert b"\n" not in result.output.replace(b"\r\n", b"")


def test_empty_file(tmp_path: Path, table: MappingTable) -> None:
    path = tmp_path / "empty.cu"
    path.write_bytes(b"")
    result = port_file(str(path), table, Settings())
    assert result.status is FileStatus.UNCHANGED and result.output == b""


def test_unreadable_file(tmp_path: Path, table: MappingTable, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.cu"
    path.write_bytes(CUDA)
    real_open = builtins.open

    def deny(file: object, *args: object, **kwargs: object) -> object:
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "open", deny)
    result = port_file(str(path), table, Settings())
    assert result.status is FileStatus.FAILED and codes(result) == ["HPY902"]
    assert "Permission denied" in result.diagnostics[0].message


def test_symlink_loop(tmp_path: Path, table: MappingTable) -> None:
    link = tmp_path / "loop.cu"
    os.symlink(link, link)
    result = port_file(str(link), table, Settings())
    assert result.status is FileStatus.SKIPPED and codes(result) == ["HPY905"]


def test_missing_file(tmp_path: Path, table: MappingTable) -> None:
    result = port_file(str(tmp_path / "gone.cu"), table, Settings())
    assert result.status is FileStatus.FAILED and codes(result) == ["HPY908"]


def test_huge_file_is_skipped_with_a_message(tmp_path: Path, table: MappingTable) -> None:
    path = tmp_path / "huge.cu"
    line = b"float table_entry = 1.0f; // cudaMalloc\n"
    with path.open("wb") as handle:
        for _ in range(50 * 1024 * 1024 // len(line) + 1):
            handle.write(line)
    assert path.stat().st_size >= 50 * 1024 * 1024
    result = port_file(str(path), table, Settings())
    assert result.status is FileStatus.SKIPPED and codes(result) == ["HPY909"]
    assert "MB" in result.diagnostics[0].message


def test_huge_file_translates_when_allowed(tmp_path: Path, table: MappingTable) -> None:
    path = tmp_path / "big.cu"
    # About 1.6 MB of distinct functions (20000 redefinitions of one function would measure
    # clang's redeclaration checks, which are quadratic, rather than ours).
    path.write_bytes(b"#include <cuda_runtime.h>\n" + b"".join(
        b"int f%d() { void *p; return (int)cudaMalloc(&p, 4); }\n" % i for i in range(20000)))
    result = port_file(str(path), table, Settings(), max_file_size=1024)
    assert result.status is FileStatus.SKIPPED
    result = port_file(str(path), table, Settings(), max_file_size=64 * 1024 * 1024)
    assert result.status is FileStatus.TRANSLATED
    assert result.output is not None and result.output.count(b"hipMalloc") == 20000


def test_directory_given_as_file(tmp_path: Path, table: MappingTable) -> None:
    result = port_file(str(tmp_path), table, Settings())
    assert result.status is FileStatus.FAILED and codes(result) == ["HPY902"]


@pytest.mark.parametrize("body", [
    "const int total = " + " + ".join(str(k % 7) for k in range(30000)) + ";",
    "int x = " + "-" * 30000 + "1;",
    "template <typename T" * 20000 + ">" * 20000,
], ids=["sum", "unary", "templates"])
def test_deeply_nested_code_does_not_crash_the_parser(tmp_path: Path, body: str) -> None:
    """A generated 30,000-term constant sum (or unary chain, or nested template parameter
    lists) made clang recurse past libclang's 8 MiB thread: the process died (SIGSEGV). Run as
    a process of its own, so that the crash it checks for is not pytest's."""
    source = tmp_path / "deep.cu"
    source.write_text(body + "\nvoid f(float **p) { cudaMalloc(p, 4); }\n")
    proc = subprocess.run([sys.executable, "-m", "hipify_py", "translate", str(source), "-q",
                           "--no-cache"], capture_output=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert b"hipMalloc" in proc.stdout
