"""Library version macros by CUDA release: each in its library's own encoding."""

from __future__ import annotations

from hipify_py.settings import Version
from hipify_py.tables.cuda_releases import library_defines, release_of


def _defines(cuda: str) -> dict[str, int]:
    return {d[2:].split("=")[0]: int(d.split("=")[1]) for d in library_defines(Version.parse(cuda))}


def test_encodings_follow_the_libraries_headers() -> None:
    d = _defines("12.6")
    assert d["CUBLAS_VERSION"] == d["CUBLAS_VER_MAJOR"] * 10000 + d["CUBLAS_VER_MINOR"] * 100
    assert d["CUSPARSE_VERSION"] == 12502 and d["CUFFT_VERSION"] == 11206
    assert d["CUDNN_MAJOR"] == 9 and d["CUDNN_VERSION"] == 90300  # cuDNN 9: major * 10000
    assert _defines("11.8")["CUDNN_VERSION"] == 8907  # cuDNN 8: major * 1000
    assert d["CUB_VERSION"] == d["THRUST_VERSION"] == 200500


def test_a_release_between_two_listed_takes_the_older_and_before_all_the_oldest() -> None:
    assert release_of(Version.parse("12.4")) == release_of(Version.parse("12.0"))
    assert release_of(Version.parse("12")) == release_of(Version.parse("12.0"))
    assert release_of(Version.parse("9.0")) == release_of(Version.parse("10.2"))
    assert release_of(Version.parse("14.1")) == release_of(Version.parse("13.0"))


def test_thrust_and_cccl_component_macros_match_the_release() -> None:
    old, new = _defines("12.0"), _defines("13.0")
    assert (old["THRUST_MAJOR_VERSION"], old["THRUST_MINOR_VERSION"]) == (2, 0)
    assert "CCCL_VERSION" not in old  # CCCL 2.2 (CUDA 12.3) introduced it
    assert new["CCCL_VERSION"] == 3000000 and new["CUB_MAJOR_VERSION"] == 3
