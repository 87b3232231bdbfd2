"""The version macros of a CUDA release's libraries, so that code is read as written for one
consistent toolkit (--cuda-version): `#if CUSPARSE_VERSION >= 11000`, `#if CUDNN_MAJOR < 9`,
`#if CUB_VERSION >= 200000` pick the branches that release would compile.

Parsing defines them (no CUDA toolkit is installed), so with
--skip-excluded-preprocessor-conditional-blocks the live branches are those of that release.
The numbers are each library's version as shipped with the CUDA release (NVIDIA's release notes);
a requested release between two listed ones takes the older. cuDNN ships apart from CUDA: the
version listed is the one current for that CUDA.
"""

from __future__ import annotations

from hipify_py.settings import Version, cuda_major_minor, cuda_version_number

# CUDA release -> version (major, minor, patch) of each library it ships.
_RELEASES: dict[tuple[int, int], dict[str, tuple[int, int, int]]] = {
    (10, 2): {"CUBLAS": (10, 2, 2), "CUFFT": (10, 1, 2), "CURAND": (10, 1, 2),
              "CUSOLVER": (10, 3, 0), "CUSPARSE": (10, 3, 1), "CUB": (1, 9, 0),
              "CUDNN": (7, 6, 5)},
    (11, 0): {"CUBLAS": (11, 2, 0), "CUFFT": (10, 2, 1), "CURAND": (10, 2, 1),
              "CUSOLVER": (10, 6, 0), "CUSPARSE": (11, 1, 1), "CUB": (1, 9, 9),
              "CUDNN": (8, 0, 5)},
    (11, 8): {"CUBLAS": (11, 11, 3), "CUFFT": (10, 9, 0), "CURAND": (10, 3, 0),
              "CUSOLVER": (11, 4, 1), "CUSPARSE": (11, 7, 5), "CUB": (1, 15, 0),
              "CUDNN": (8, 9, 7)},
    (12, 0): {"CUBLAS": (12, 0, 1), "CUFFT": (11, 0, 0), "CURAND": (10, 3, 1),
              "CUSOLVER": (11, 4, 2), "CUSPARSE": (12, 0, 0), "CUB": (2, 0, 1),
              "CUDNN": (9, 0, 0)},
    (12, 6): {"CUBLAS": (12, 6, 0), "CUFFT": (11, 2, 6), "CURAND": (10, 3, 7),
              "CUSOLVER": (11, 6, 4), "CUSPARSE": (12, 5, 2), "CUB": (2, 5, 0),
              "CUDNN": (9, 3, 0)},
    (13, 0): {"CUBLAS": (13, 0, 0), "CUFFT": (12, 0, 0), "CURAND": (10, 4, 0),
              "CUSOLVER": (12, 0, 3), "CUSPARSE": (12, 6, 2), "CUB": (3, 0, 0),
              "CUDNN": (9, 12, 0)},
}


def release_of(cuda: Version) -> dict[str, tuple[int, int, int]]:
    """The libraries of the newest listed release not newer than `cuda` (else the oldest)."""
    wanted = cuda_major_minor(cuda)
    older = [r for r in _RELEASES if r <= wanted]
    return _RELEASES[max(older) if older else min(_RELEASES)]


def library_defines(cuda: Version) -> list[str]:
    """-D flags for the library version macros, each in its library's own encoding."""
    return [f"-D{name}={value}" for name, value in library_macros(cuda).items()]


def library_macros(cuda: Version) -> dict[str, int]:
    """The library version macros of a CUDA release and their values."""
    out: dict[str, int] = {}
    for name, (major, minor, patch) in release_of(cuda).items():
        if name == "CUB":
            number = major * 100000 + minor * 100 + patch
            out |= {"CUB_VERSION": number, "THRUST_VERSION": number}
            for lib in ("CUB", "THRUST"):
                out |= {f"{lib}_MAJOR_VERSION": major, f"{lib}_MINOR_VERSION": minor,
                        f"{lib}_SUBMINOR_VERSION": patch}
            if (major, minor) >= (2, 2):  # CCCL's own version macros arrived with CCCL 2.2
                out |= {"CCCL_VERSION": major * 1000000 + minor * 1000 + patch,
                        "CCCL_MAJOR_VERSION": major, "CCCL_MINOR_VERSION": minor,
                        "CCCL_PATCH_VERSION": patch}
            continue
        if name == "CUDNN":
            scale = 10000 if major >= 9 else 1000
            out |= {"CUDNN_MAJOR": major, "CUDNN_MINOR": minor, "CUDNN_PATCHLEVEL": patch,
                    "CUDNN_VERSION": major * scale + minor * 100 + patch}
            continue
        scale = 10000 if name == "CUBLAS" else 1000
        out |= {f"{name}_VER_MAJOR": major, f"{name}_VER_MINOR": minor,
                f"{name}_VER_PATCH": patch, f"{name}_VERSION": major * scale + minor * 100 + patch}
    return out


def version_macros(cuda: Version) -> dict[str, int]:
    """Every version macro the code is read with under --cuda-version: the toolkit's and its
    libraries'."""
    number = cuda_version_number(cuda)
    return {"CUDA_VERSION": number, "CUDART_VERSION": number, **library_macros(cuda)}
