"""Golden outputs that must compile, on each platform and HIP they target: Debian's hipcc
(ROCm 5.2) and today's ROCm 7.2 (../shared/tools/modern-hip.sh installs it under /srv/rocm7;
.ci/run does) for AMD, and HIP's NVIDIA platform: nvcc 13 with the NVIDIA layer of HIP 5.2's
headers patched for CUDA 13 (../shared/tools/hip-nvidia/make-include.sh), as hipcc does there.

The golden tests check the text; these check that the text is HIP the compilers take. A case
is listed for the targets whose API it uses (the warp *_sync functions need HIP >= 6.2 on AMD).
The NVIDIA layer is HIP 5.2's API plus what the script backports from later HIP: cases written
for a newer HIP are on the NVIDIA list only where they compile with that layer; the others name
an API it lacks, or a library (hipBLAS, rocBLAS, rocThrust, hip_bf16.h) Debian's HIP 5.2 lacks.
Skipped, visibly, where a toolchain is not installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hipify_py.tables.mappings import load_mapping_table
from hipify_py.tables.supplied import HEADER_NAME, render_header

GOLDEN = Path(__file__).parent / "golden"
HIPCC_52 = shutil.which("hipcc")
HIPCC_72 = os.environ.get("HIPIFY_PY_HIPCC_7") or (
    "/srv/rocm7/.bin/hipcc" if os.access("/srv/rocm7/.bin/hipcc", os.X_OK) else None)
TOOLCHAINS = {"5.2": (HIPCC_52, "gfx90a"), "7.2": (HIPCC_72, "gfx942")}

# HIP's NVIDIA platform: nvcc with the layer make-include.sh writes from Debian's HIP 5.2 headers
NVIDIA = "nvidia"
NVCC = shutil.which("nvcc") or (
    "/usr/local/cuda/bin/nvcc" if os.access("/usr/local/cuda/bin/nvcc", os.X_OK) else None)
MAKE_INCLUDE = Path(__file__).resolve().parents[2] / "shared/tools/hip-nvidia/make-include.sh"
DEBIAN_NVIDIA_LAYER = Path("/usr/include/hip/nvidia_detail/nvidia_hip_runtime_api.h")

# expected output -> the targets it must compile for: HIP versions on AMD, and NVIDIA
COMPILES = {
    "feature_macros/arch_value.cu.hip": ("5.2", "7.2", "nvidia"),
    "feature_macros/guards_both_platforms.cu.hip": ("5.2", "7.2", "nvidia"),
    "feature_macros/helper_guards.cuh.hip": ("5.2", "7.2", "nvidia"),
    "device/simd_video.cu.hip": ("5.2", "7.2", "nvidia"),
    "device/half_supplied.cu.hip": ("7.2", "nvidia"),  # __hmax etc.: HIP >= 5.5
    "device/half_supplied.cu.hip52.hip": ("5.2", "7.2", "nvidia"),
    "device/half_atomics.cu.hip": ("5.2", "7.2", "nvidia"),  # atomicAdd on half: no HIP has it
    "device/scoped_atomics.cu.hip": ("5.2", "7.2", "nvidia"),  # atomicAdd_block, ...: supplied
    "types/elaborated_typedefs.cu.hip": ("5.2", "7.2"),  # struct hipExternalMemoryHandleDesc
    "device/system_atomics.cu.hip": ("5.2", "7.2", "nvidia"),  # atomicInc_system: supplied
    "versions/driver_error_strings.cu.hip52.hip": ("5.2", "nvidia"),
    "versions/driver_error_strings.cu.hip": ("7.2",),
    # math_constants.h: supplied before HIP 5.3 (floats) and 5.7 (doubles), HIP's own after
    "versions/math_constants.cu.hip52.hip": ("5.2", "7.2", "nvidia"),
    "versions/math_constants.cu.hip55.hip": ("7.2",),  # no hip_math_constants.h in 5.2 here
    "versions/math_constants.cu.hip": ("7.2",),
    # libcu++'s cuda::maximum/minimum supplied; hipCUB: HIP 5.2 here has none
    "residue/libcudacxx_reduction_ops.cu.hip": ("7.2",),
    "residue/libcudacxx_reduction_ops.cu.cuda12.hip": ("7.2",),
    "arguments/malloc_host_flags.cu.hip": ("5.2", "7.2", "nvidia"),
    # CUB's dispatch layer supplied over hipCUB's public algorithms: no hipCUB in 5.2 here
    "identifiers/cub_dispatch_supplied.cu.hip": ("7.2",),
    # NVML supplied with the HIP runtime (hipify_py_nvml*); nvml.h gone
    "libraries/nvml_supplied.cu.hip": ("5.2", "7.2", "nvidia"),
    "libraries/nvml_header.h.hip": ("5.2", "7.2", "nvidia"),
    "libraries/nvml_unused.cu.hip": ("5.2", "7.2", "nvidia"),
    # NVTX supplied as no-ops (hipify_py_nvtx*); the NVTX headers gone
    "libraries/nvtx_supplied.cu.hip": ("5.2", "7.2", "nvidia"),
    "libraries/nvtx_header.h.hip": ("5.2", "7.2", "nvidia"),
    "libraries/nvtx_unused.cu.hip": ("5.2", "7.2", "nvidia"),
    # the occupancy calculator of HIP 5.5, supplied before it (HIP's own wins on 7.2)
    "versions/occupancy_variable_smem.cu.hip52.hip": ("5.2", "7.2", "nvidia"),
    "versions/occupancy_variable_smem.cu.hip": ("7.2",),
    "feature_macros/library_versions.cu.hip": ("5.2", "7.2", "nvidia"),
    "arguments/void_pointer_casts.cu.hip": ("5.2", "7.2", "nvidia"),
    "launches/kernel_name_macro.cu.hip": ("5.2", "7.2", "nvidia"),
    "versions/jit_options_and_attributes.cu.hip": ("7.2",),
    "versions/driver_entry_point.cu.hip": ("7.2",),
    "versions/jit_options_and_attributes.cu.hip52.hip": ("5.2", "nvidia"),
    "versions/hipblas_v2_names.cu.hip": ("7.2",),  # HIP 5.2 here has no hipBLAS
    "includes/cublas_h_types_only.cu.hip": ("7.2",),
    "feature_macros/version_branches.cu.hip": ("5.2", "7.2", "nvidia"),
    "feature_macros/version_branches.cu.cuda11.hip": ("5.2", "7.2", "nvidia"),
    "includes/extern_c_block.cu.hip": ("5.2", "7.2", "nvidia"),
    "includes/implicit_runtime_vector_types.cu.hip": ("5.2", "7.2", "nvidia"),
    "host/literal_suffix.cu.hip": ("5.2", "7.2", "nvidia"),
    "host/register_and_glued_keywords.cu.hip": ("5.2", "7.2", "nvidia"),
    "identifiers/vmm_attribute_alias.cu.hip": ("7.2",),
    "arguments/default_arguments.cu.hip": ("5.2", "7.2", "nvidia"),
    "versions/modern_device.cu.hip": ("7.2",),
    "device/warp_masks.cu.hip": ("7.2", "nvidia"),
    "device/shuffle_loops.cu.hip": ("7.2", "nvidia"),
    "device/warp_ballot.cu.hip": ("7.2", "nvidia"),
    "device/warp_sync_before_62.cu.hip": ("5.2", "nvidia"),
    "includes/implicit_standard_headers.cu.hip": ("5.2", "7.2", "nvidia"),
    "libraries/cusparse_dense_order.cu.hip": ("7.2",),
    "libraries/cusparse_dense_order.cu.hip52.hip": ("5.2", "nvidia"),
    "arguments/sparse_triangular_solve.cu.hip": ("7.2",),
    "libraries/thrust_backend.cu.hip": ("7.2",),
    "libraries/thrust_error_and_memory.cu.hip": ("7.2",),  # HIP 5.2 here has no rocThrust
    "libraries/cublas_sgemm_ex.cu.hip": ("7.2",),  # HIP 5.2 here has no hipBLAS
    "device/ptx_bitfields.cu.hip": ("5.2", "7.2"),
    "device/warp_size_wavefront_test.cu.hip": ("5.2", "7.2", "nvidia"),
    "launches/spaced_chevrons.cu.hip": ("5.2", "7.2", "nvidia"),
    "versions/prefetch_location.cu.hip": ("7.2",),
    "launches/launch_in_expression.cu.hip": ("5.2", "7.2", "nvidia"),
    "launches/launch_after_label.cu.hip": ("5.2", "7.2", "nvidia"),
    "identifiers/skipped_branch.cu.hip": ("5.2", "7.2", "nvidia"),
    "identifiers/skipped_branch.cu.amap.hip": ("5.2", "7.2", "nvidia"),
    "feature_macros/skipped_conditions.cu.hip": ("5.2", "7.2", "nvidia"),
    "libraries/rocblas_hip_complex.cu.hip": ("7.2",),  # HIP 5.2 here has no rocBLAS
    "libraries/hipblas_hip_half.cu.hip": ("7.2",),  # nor hipBLAS
    "libraries/hipblas_hip_half.cu.roc.hip": ("7.2",),
    "launches/spaced_chevrons.cu.keep.hip": ("5.2", "7.2", "nvidia"),
    "arguments/gemm_ex_compute_type.cu.hip": ("7.2",),
    "types/hip_atomic_overloads.cu.hip": ("5.2", "7.2", "nvidia"),
    "arguments/sparse_triangular_solve.cu.hip52.hip": ("5.2", "nvidia"),
    "types/error_enum_helper.cu.hip": ("5.2", "7.2", "nvidia"),
    "feature_macros/author_hip_branch.cu.hip": ("5.2", "7.2", "nvidia"),
    "host/device_function_words.cu.hip": ("5.2", "7.2", "nvidia"),
    "feature_macros/author_hip_branch.cu.cuda128.hip": ("5.2", "7.2", "nvidia"),
    "device/image_functions.cu.hip": ("5.2", "nvidia"),  # gfx942 (7.2 here) has no image units
    "types/overload_collision.cu.hip": ("7.2", "nvidia"),
    "includes/runtime_before_project_macros.cu.hip": ("5.2", "7.2", "nvidia"),
    "includes/explicit_runtime_after_macro.cu.hip": ("5.2", "7.2", "nvidia"),
    "host/meaning_differs.cu.hip": ("7.2", "nvidia"),
    # hipDeviceSetLimit came with HIP 5.3
    "launches/template_deduced.cu.hip": ("5.2", "7.2", "nvidia"),
    "includes/vendors/cuda.h.hip": ("5.2", "7.2"),
    "versions/gl_interop.cu.hip": ("7.2",),  # hip/hip_gl_interop.h: HIP >= 5.6
    "versions/gl_interop.cu.hip52.hip": ("5.2",),
    "versions/declared_by_hip.cu.hip": ("7.2",),
    "launches/dependent_launch.cu.hip": ("7.2",),  # hipLaunchKernelEx: HIP >= 7.0
    "device/dependent_launch_device.cu.hip": ("5.2", "7.2"),
    "types/vector_operators.cuh.hip": ("5.2", "7.2"),
    "types/own_vector_struct.cpp.hip": ("5.2", "7.2"),
    # CUDA 13's forms: HIP's _v2 location functions came with 7.2 (5.2 has the device ones)
    "cuda13/memadvise_forms.cu.hip": ("7.2",),
    "cuda13/device_forms.cu.hip": ("5.2", "7.2", "nvidia"),
    "cuda13/graph_edges.cu.hip": ("5.2", "7.2", "nvidia"),
}


@pytest.mark.parametrize(("case", "version"), [
    (c, v) for c, targets in COMPILES.items() for v in targets if v != NVIDIA])
def test_golden_output_compiles(case: str, version: str, tmp_path: Path) -> None:
    hipcc, arch = TOOLCHAINS[version]
    if hipcc is None:
        pytest.skip(f"no hipcc for HIP {version} here")
    source = tmp_path / "case.hip"
    source.write_bytes((GOLDEN / case).read_bytes())
    _write_supplied_header(tmp_path)
    proc = subprocess.run(
        [hipcc, f"--offload-arch={arch}", "-std=c++17", "-fsyntax-only", str(source)],
        env={**os.environ, "HIP_PLATFORM": "amd"}, capture_output=True, text=True,
        timeout=600, check=False, cwd=tmp_path)
    errors = [line for line in proc.stderr.splitlines() if "error" in line]
    assert proc.returncode == 0, f"{case} with HIP {version}:\n" + "\n".join(errors[:20])


def _write_supplied_header(folder: Path) -> None:
    """hipify_supplied.h beside a case, as a tree run writes it, with every implementation (so
    each is compiled by every toolchain here)."""
    table = load_mapping_table()
    (folder / HEADER_NAME).write_bytes(render_header(table.supplied, table.supplied))


@pytest.fixture(scope="session")
def hip_nvidia_include(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """HIP's NVIDIA layer patched for CUDA 13, written once per session (about 5 s)."""
    if NVCC is None:
        pytest.skip("no nvcc here")
    if not MAKE_INCLUDE.is_file():
        pytest.skip(f"no {MAKE_INCLUDE} (../shared beside the clone)")
    # The script would apt-get the headers itself; a test run installs nothing.
    if not DEBIAN_NVIDIA_LAYER.is_file():
        pytest.skip("no Debian HIP 5.2 headers (libamdhip64-dev) to take the NVIDIA layer from")
    out = tmp_path_factory.mktemp("hip-nvidia")
    proc = subprocess.run(["bash", str(MAKE_INCLUDE), str(out)], capture_output=True, text=True,
                          timeout=300, check=False)
    assert proc.returncode == 0, f"make-include.sh failed:\n{proc.stdout}{proc.stderr}"[-3000:]
    return out


@pytest.mark.parametrize("case", [c for c, targets in COMPILES.items() if NVIDIA in targets])
def test_golden_output_compiles_on_nvidia(case: str, hip_nvidia_include: Path,
                                          tmp_path: Path) -> None:
    assert NVCC is not None  # the fixture skips otherwise
    source = tmp_path / "case.hip"
    source.write_bytes((GOLDEN / case).read_bytes())
    _write_supplied_header(tmp_path)
    # hipcc on NVIDIA is this command; nvcc has no syntax-only mode for host code, so -c
    # (with ptxas for sm_90, a few percent of the time) and the object thrown away.
    proc = subprocess.run(
        [NVCC, "-std=c++17", "-arch=sm_90", "-x", "cu", "-D__HIP_PLATFORM_NVIDIA__",
         "-I", str(hip_nvidia_include), "-c", str(source), "-o", os.devnull],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path)
    errors = [line for line in (proc.stdout + proc.stderr).splitlines() if "error" in line]
    assert proc.returncode == 0, f"{case} on HIP's NVIDIA platform:\n" + "\n".join(errors[:20])


def test_every_listed_case_exists() -> None:
    assert [c for c in COMPILES if not (GOLDEN / c).is_file()] == []
    assert {t for targets in COMPILES.values() for t in targets} <= {*TOOLCHAINS, NVIDIA}


# C sources: a HIP build compiles them with the C compiler and HIP's headers (CMake's hip::host).
C_COMPILES = {"arguments/c_source.c.hip": "hipsparse/hipsparse.h",
              "includes/shared_c_header.h.hip": None,
              "libraries/nvtx_in_c.c.hip": "hip/hip_runtime.h"}


@pytest.mark.parametrize("case", sorted(C_COMPILES))
def test_golden_c_output_compiles_with_gcc(case: str, tmp_path: Path) -> None:
    gcc = shutil.which("gcc")
    needs = C_COMPILES[case]
    if gcc is None or (needs and not Path("/usr/include", needs).exists()):
        pytest.skip("gcc or the HIP headers this case includes are not installed")
    source = tmp_path / "case.c"
    source.write_bytes((GOLDEN / case).read_bytes())
    # hipify_supplied.h as a C file gets it: its C entries (NVTX's no-ops) and macros only
    table = load_mapping_table()
    c_code = [n for n, e in table.supplied.items() if e.c or e.macro]
    (tmp_path / HEADER_NAME).write_bytes(render_header(c_code, table.supplied))
    proc = subprocess.run([gcc, "-fsyntax-only", "-x", "c", "-Wall", "-D__HIP_PLATFORM_AMD__",
                           str(source)], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
