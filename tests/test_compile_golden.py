"""Golden outputs that must compile, with each HIP they target: Debian's hipcc (ROCm 5.2) and
today's ROCm 7.2 (../shared/tools/modern-hip.sh installs it under /srv/rocm7; .ci/run does).

The golden tests check the text; these check that the text is HIP the compiler takes. A case
is listed for the versions whose API it uses (the warp *_sync functions need HIP >= 6.2).
Skipped, visibly, where that hipcc is not installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
HIPCC_52 = shutil.which("hipcc")
HIPCC_72 = os.environ.get("HIPIFY_PY_HIPCC_7") or (
    "/srv/rocm7/.bin/hipcc" if os.access("/srv/rocm7/.bin/hipcc", os.X_OK) else None)
TOOLCHAINS = {"5.2": (HIPCC_52, "gfx90a"), "7.2": (HIPCC_72, "gfx942")}

# expected output -> the HIP versions it must compile with
COMPILES = {
    "feature_macros/arch_value.cu.hip": ("5.2", "7.2"),
    "feature_macros/library_versions.cu.hip": ("5.2", "7.2"),
    "arguments/void_pointer_casts.cu.hip": ("5.2", "7.2"),
    "launches/kernel_name_macro.cu.hip": ("5.2", "7.2"),
    "versions/jit_options_and_attributes.cu.hip": ("7.2",),
    "versions/driver_entry_point.cu.hip": ("7.2",),
    "versions/jit_options_and_attributes.cu.hip52.hip": ("5.2",),
    "versions/hipblas_v2_names.cu.hip": ("7.2",),  # HIP 5.2 here has no hipBLAS
    "includes/cublas_h_types_only.cu.hip": ("7.2",),
    "feature_macros/version_branches.cu.hip": ("5.2", "7.2"),
    "feature_macros/version_branches.cu.cuda11.hip": ("5.2", "7.2"),
    "includes/extern_c_block.cu.hip": ("5.2", "7.2"),
    "includes/implicit_runtime_vector_types.cu.hip": ("5.2", "7.2"),
    "host/literal_suffix.cu.hip": ("5.2", "7.2"),
    "host/register_and_glued_keywords.cu.hip": ("5.2", "7.2"),
    "identifiers/vmm_attribute_alias.cu.hip": ("7.2",),
    "arguments/default_arguments.cu.hip": ("5.2", "7.2"),
    "versions/modern_device.cu.hip": ("7.2",),
    "device/warp_masks.cu.hip": ("7.2",),
    "device/shuffle_loops.cu.hip": ("7.2",),
    "device/warp_ballot.cu.hip": ("7.2",),
    "device/warp_sync_before_62.cu.hip": ("5.2",),
    "includes/implicit_standard_headers.cu.hip": ("5.2", "7.2"),
    "libraries/cusparse_dense_order.cu.hip": ("7.2",),
    "libraries/cusparse_dense_order.cu.hip52.hip": ("5.2",),
    "arguments/sparse_triangular_solve.cu.hip": ("7.2",),
    "libraries/thrust_backend.cu.hip": ("7.2",),
    "libraries/thrust_error_and_memory.cu.hip": ("7.2",),  # HIP 5.2 here has no rocThrust
    "launches/spaced_chevrons.cu.hip": ("5.2", "7.2"),
    "versions/prefetch_location.cu.hip": ("7.2",),
    "launches/launch_in_expression.cu.hip": ("5.2", "7.2"),
    "launches/launch_after_label.cu.hip": ("5.2", "7.2"),
    "identifiers/skipped_branch.cu.hip": ("5.2", "7.2"),
    "identifiers/skipped_branch.cu.amap.hip": ("5.2", "7.2"),
    "feature_macros/skipped_conditions.cu.hip": ("5.2", "7.2"),
    "libraries/rocblas_hip_complex.cu.hip": ("7.2",),  # HIP 5.2 here has no rocBLAS
    "libraries/hipblas_hip_half.cu.hip": ("7.2",),  # nor hipBLAS
    "libraries/hipblas_hip_half.cu.roc.hip": ("7.2",),
    "launches/spaced_chevrons.cu.keep.hip": ("5.2", "7.2"),
    "arguments/gemm_ex_compute_type.cu.hip": ("7.2",),
    "types/hip_atomic_overloads.cu.hip": ("5.2", "7.2"),
    "arguments/sparse_triangular_solve.cu.hip52.hip": ("5.2",),
    "types/error_enum_helper.cu.hip": ("5.2", "7.2"),
    "feature_macros/author_hip_branch.cu.hip": ("5.2", "7.2"),
    "host/device_function_words.cu.hip": ("5.2", "7.2"),
    "feature_macros/author_hip_branch.cu.cuda128.hip": ("5.2", "7.2"),
    "device/image_functions.cu.hip": ("5.2",),  # 7.2 compiles for gfx942: no image hardware
    "types/overload_collision.cu.hip": ("7.2",),
    "includes/runtime_before_project_macros.cu.hip": ("5.2", "7.2"),
    "includes/explicit_runtime_after_macro.cu.hip": ("5.2", "7.2"),
    "host/meaning_differs.cu.hip": ("7.2",),
    "launches/template_deduced.cu.hip": ("5.2", "7.2"),  # hipDeviceSetLimit came with HIP 5.3
    "includes/vendors/cuda.h.hip": ("5.2", "7.2"),
    "versions/gl_interop.cu.hip": ("7.2",),  # hip/hip_gl_interop.h: HIP >= 5.6
    "versions/gl_interop.cu.hip52.hip": ("5.2",),
    "versions/declared_by_hip.cu.hip": ("7.2",),
    "launches/dependent_launch.cu.hip": ("7.2",),  # hipLaunchKernelEx: HIP >= 7.0
    "device/dependent_launch_device.cu.hip": ("5.2", "7.2"),
    "types/vector_operators.cuh.hip": ("5.2", "7.2"),
    "types/own_vector_struct.cpp.hip": ("5.2", "7.2"),
}


@pytest.mark.parametrize(("case", "version"),
                         [(c, v) for c, versions in COMPILES.items() for v in versions])
def test_golden_output_compiles(case: str, version: str, tmp_path: Path) -> None:
    hipcc, arch = TOOLCHAINS[version]
    if hipcc is None:
        pytest.skip(f"no hipcc for HIP {version} here")
    source = tmp_path / "case.hip"
    source.write_bytes((GOLDEN / case).read_bytes())
    proc = subprocess.run(
        [hipcc, f"--offload-arch={arch}", "-std=c++17", "-fsyntax-only", str(source)],
        env={**os.environ, "HIP_PLATFORM": "amd"}, capture_output=True, text=True,
        timeout=600, check=False, cwd=tmp_path)
    errors = [line for line in proc.stderr.splitlines() if "error" in line]
    assert proc.returncode == 0, f"{case} with HIP {version}:\n" + "\n".join(errors[:20])


def test_every_listed_case_exists() -> None:
    assert [c for c in COMPILES if not (GOLDEN / c).is_file()] == []


# C sources: a HIP build compiles them with the C compiler and HIP's headers (CMake's hip::host).
C_COMPILES = {"arguments/c_source.c.hip": "hipsparse/hipsparse.h",
              "includes/shared_c_header.h.hip": None}


@pytest.mark.parametrize("case", sorted(C_COMPILES))
def test_golden_c_output_compiles_with_gcc(case: str, tmp_path: Path) -> None:
    gcc = shutil.which("gcc")
    needs = C_COMPILES[case]
    if gcc is None or (needs and not Path("/usr/include", needs).exists()):
        pytest.skip("gcc or the HIP headers this case includes are not installed")
    source = tmp_path / "case.c"
    source.write_bytes((GOLDEN / case).read_bytes())
    proc = subprocess.run([gcc, "-fsyntax-only", "-x", "c", "-D__HIP_PLATFORM_AMD__", str(source)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
