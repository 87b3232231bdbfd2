"""scripts/declared_but_unsupported.py: which unsupported CUDA names a HIP header declares."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    return load_script("declared_but_unsupported")


def test_obvious_names_swap_the_prefix() -> None:
    names = _script().obvious_names
    assert names("cudaStreamGetDevice") == ["cudaStreamGetDevice", "hipStreamGetDevice"]
    assert names("CUSPARSE_SIDE_LEFT") == ["CUSPARSE_SIDE_LEFT", "HIPSPARSE_SIDE_LEFT"]
    assert names("CUDA_POINTER_ATTRIBUTE_P2P_TOKENS")[-1] == "HIP_POINTER_ATTRIBUTE_P2P_TOKENS"
    assert names("__nv_fp6_e2m3") == ["__nv_fp6_e2m3", "__hip_fp6_e2m3"]
    assert names("__hmax2") == ["__hmax2"]


def test_names_in_comments_are_not_declarations(tmp_path: Path) -> None:
    script = _script()
    (tmp_path / "hip").mkdir()
    (tmp_path / "hip" / "api.h").write_text(
        "// hipGone(int)\n/* hipAlsoGone\n */\nint hipThere(int);\n")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "x.h").write_text("int hipElsewhere;\n")
    declared = {"7.2": script.declared_names(tmp_path)}
    assert declared["7.2"]["hipThere"] == "hip/api.h:4"
    rows = list(script.candidates([("runtime", "cudaGone"), ("runtime", "cudaThere"),
                                   ("runtime", "cudaElsewhere")], declared))
    assert rows == [("runtime", "cudaThere", "hipThere", "7.2: hip/api.h:4")]
