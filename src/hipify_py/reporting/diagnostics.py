"""Diagnostics: severities, the catalogue of stable codes, and byte offset -> line/column.

Every finding hipify-py reports carries a code from CATALOGUE. Codes never change meaning once
released; new findings get new codes. The catalogue is rendered into the documentation and every
code has a golden test that triggers it (tests/test_catalogue.py checks that).
"""

from __future__ import annotations

import bisect
import enum
from dataclasses import dataclass
from typing import Any, NamedTuple


class Severity(enum.IntEnum):
    """Ordered so that `severity >= threshold` means "reaches the threshold"."""

    NOTE = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r}: use note, warning or error") from None


class CodeInfo(NamedTuple):
    """One catalogue entry: what a code means and how bad it is by default."""

    code: str
    name: str
    severity: Severity
    category: str
    summary: str
    help: str


def _c(code: str, name: str, severity: Severity, category: str, summary: str, help: str) -> CodeInfo:
    return CodeInfo(code, name, severity, category, summary, help)


E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTE

# Families that have their own "unsupported API" code, in the order of the mapping files.
UNSUPPORTED_BY_FAMILY: dict[str, str] = {
    "runtime": "HPY101",
    "driver": "HPY102",
    "device": "HPY103",
    "rtc": "HPY104",
    "cub": "HPY105",
    "cufft": "HPY106",
    "cucomplex": "HPY107",
    "cublas": "HPY108",
    "curand": "HPY109",
    "cusolver": "HPY110",
    "cusparse": "HPY111",
    "cudnn": "HPY112",
    "cutensor": "HPY113",
    "cusparselt": "HPY114",
    "cufile": "HPY115",
}

_FAMILY_WORDING: dict[str, tuple[str, str]] = {
    # family -> (what is unsupported, where the equivalent would be)
    "runtime": ("CUDA runtime API", "the HIP runtime"),
    "driver": ("CUDA driver API", "the HIP runtime (driver-style API)"),
    "device": ("CUDA device function or intrinsic", "HIP device code"),
    "rtc": ("NVRTC API", "hipRTC"),
    "cub": ("CUB API", "hipCUB"),
    "cufft": ("cuFFT API", "hipFFT"),
    "cucomplex": ("cuComplex API", "hip_complex"),
    "cublas": ("cuBLAS API", "hipBLAS/rocBLAS"),
    "curand": ("cuRAND API", "hipRAND/rocRAND"),
    "cusolver": ("cuSOLVER API", "hipSOLVER/rocSOLVER"),
    "cusparse": ("cuSPARSE API", "hipSPARSE/rocSPARSE"),
    "cudnn": ("cuDNN API", "MIOpen"),
    "cutensor": ("cuTENSOR API", "hipTensor"),
    "cusparselt": ("cuSPARSELt API", "hipSPARSELt"),
    "cufile": ("cuFile API", "hipFile"),
}


def _unsupported_codes() -> list[CodeInfo]:
    out = []
    for family, code in UNSUPPORTED_BY_FAMILY.items():
        what, where = _FAMILY_WORDING[family]
        out.append(
            _c(
                code,
                f"unsupported-{family}-api",
                E,
                family,
                f"{what} with no equivalent in {where}",
                f"The name is left as it is and will not build on AMD. Rewrite this use with {where} "
                "facilities, or keep a CUDA-only code path behind a platform check.",
            )
        )
    return out


_CODES: list[CodeInfo] = [
    *_unsupported_codes(),
    _c("HPY119", "cuda-name-left", E, "api",
       "CUDA name no table covers, left in code: libcu++, cooperative groups, __nv_*, NVTX, NVML",
       "The name is CUDA's by its namespace or prefix (cuda::, cooperative_groups:: members the "
       "target HIP lacks, __nv_*, __pipeline_*, nvtx*, or a name of a header HIP has nothing of "
       "that the tables list by pattern: NVML's nvml* and NVML_* beyond the part "
       "hipify_supplied.h supplies) and the target HIP has no counterpart: it will not compile. "
       "The suggestion names the usual replacement."),
    _c("HPY120", "cublas-legacy-api", E, "cublas",
       "cuBLAS v1 (legacy) API call",
       "The legacy cuBLAS API (cublas.h, no handle argument) has no hipBLAS equivalent. Move the code "
       "to the handle-based API of cublas_v2.h first; that API is translated."),
    # Notes, not warnings: the HIP code is right as it is (a deprecated HIP name is HPY132). On
    # Parboil, 61 warnings for cudaThreadSynchronize -> hipDeviceSynchronize asked for nothing.
    _c("HPY130", "deprecated-cuda-api", N, "api",
       "deprecated CUDA API, translated",
       "The CUDA API is deprecated; its HIP equivalent was used, which HIP does not deprecate "
       "(that would be HPY132). Only the CUDA source needs moving off it."),
    _c("HPY131", "removed-cuda-api", N, "api",
       "CUDA API removed in a later CUDA version, translated",
       "The API no longer exists in current CUDA; its HIP equivalent was used, which HIP does "
       "not deprecate (that would be HPY132). Only the CUDA source needs moving off it."),
    _c("HPY132", "deprecated-hip-api", W, "api",
       "translated to a HIP API that HIP itself deprecates",
       "The HIP name still builds but is deprecated in HIP; see the note for the replacement."),
    _c("HPY140", "experimental-hip-api", E, "api",
       "HIP equivalent is experimental; not used without --experimental",
       "The CUDA name was left. Pass --experimental to translate to the experimental HIP API."),
    _c("HPY141", "experimental-hip-api-used", W, "api",
       "translated to an experimental HIP API",
       "Experimental HIP APIs may change between ROCm releases."),
    _c("HPY150", "needs-newer-hip", E, "version",
       "HIP equivalent needs a newer HIP than --hip-version",
       "The CUDA name was left because the target HIP version lacks the HIP name. Raise "
       "--hip-version or rewrite the code for the older HIP."),
    _c("HPY151", "removed-from-hip", E, "version",
       "HIP equivalent was removed by the target HIP version",
       "The CUDA name was left because the HIP name no longer exists in the target HIP version."),
    _c("HPY155", "cuda-signature-mismatch", E, "version",
       "a CUDA form of this API that no HIP function has",
       "CUDA changed the API's parameters (CUDA 13: cuCtxCreate's parameters, graph edge data, "
       "the batch copies' failIdx, ...) and HIP has no function of that shape. The call's "
       "argument count, the type of the argument that tells the forms apart, or (for a use "
       "that is not a call) the release the code is read as, says the call has it; an "
       "argument HIP lacks that is a null constant is dropped instead. The call is left as it "
       "is: rewrite it for HIP's signature."),
    _c("HPY156", "cuda-form-assumed", W, "version",
       "a call CUDA releases give two forms of, read as the form --cuda-version has",
       "CUDA 13 changed some APIs' parameters without changing their count (cudaMemAdvise's "
       "device became a cudaMemLocation). The argument that tells the forms apart has no type "
       "hipify-py can see (a struct member, a macro, a function it cannot find), so the "
       "release the code is read as decided, and the HIP function of that form was used. If "
       "the code passes the other type there, translate it with the --cuda-version the "
       "message names, or declare the argument where the call can see it."),
    _c("HPY152", "cuda-version-restricted", N, "version",
       "HIP mapping is not valid for some CUDA versions",
       "The CUDA API changed meaning in the listed CUDA versions; check that the HIP equivalent "
       "matches the CUDA version this code was written for."),
    _c("HPY153", "older-hip-signature", W, "version",
       "the target HIP has an older signature of the HIP function",
       "The HIP function changed its parameters in a later HIP than the target (hipSPARSE's "
       "SpSV/SpSM buffers, hipBLAS 7's complex types, ...). The translated call follows the "
       "current signature; compare it with the target's header."),
    _c("HPY154", "argument-from-earlier-call", N, "api",
       "argument the HIP signature needs, taken from the earlier call on the same object",
       "CUDA dropped the parameter (the library keeps what the analysis call was given); the "
       "HIP function still takes it, so the translation passes what that call was given."),
    _c("HPY160", "argument-data-loss", W, "api",
       "an argument was dropped because HIP has no equivalent parameter",
       "Check that the dropped argument did not carry information the program relies on."),
    _c("HPY161", "argument-assumed", W, "api",
       "argument the HIP signature needs and the CUDA call does not pass: a default was assumed",
       "No earlier call on the same object says what to pass; check the value against the HIP "
       "documentation of the function."),
    _c("HPY170", "meaning-differs", W, "api",
       "translated to a HIP name that means something different",
       "The HIP counterpart exists but its value or behaviour differs (a count where CUDA gives a "
       "flag, another clock, ...): the message says how; check the code that uses it."),
    _c("HPY171", "behaviour-differs", N, "api",
       "translated; same results, but HIP behaves differently here",
       "The call keeps its meaning but not its effect on AMD GPUs: a hint HIP ignores, memory "
       "that does not migrate, a context that is the device's own. Results are the same; "
       "performance or resource use may not be. The message says what differs."),
    _c("HPY200", "unsupported-header", E, "header",
       "CUDA header with no HIP equivalent",
       "The include was left as it is and will not be found under ROCm. Remove the dependency or "
       "guard it for the CUDA build only."),
    _c("HPY201", "header-dropped", N, "header",
       "CUDA header dropped: HIP needs no counterpart",
       "hip_runtime.h already provides what this header declared."),
    _c("HPY202", "runtime-header-added", N, "header",
       "HIP runtime header added (nvcc includes cuda_runtime.h implicitly, hipcc does not)",
       "No action needed."),
    _c("HPY203", "runtime-header-guarded", N, "header",
       "HIP runtime header added under #ifdef __HIPCC__ (host-only code includes the file too)",
       "The file uses CUDA without including a CUDA header (nvcc's implicit include) and a "
       "host-only C/C++ source, built by the host compiler, includes it as well: hip_runtime.h "
       "is added for hipcc only, so that build keeps working."),
    _c("HPY204", "hip-types-define", N, "header",
       "macro defined before a math library header so that it takes HIP's types",
       "rocBLAS declares complex arguments as its own rocblas_float_complex class unless "
       "ROCM_MATHLIBS_API_USE_HIP_COMPLEX is defined, hipBLAS its half-precision ones as "
       "uint16_t unless HIPBLAS_USE_HIP_HALF is: the hipComplex and __half values the CUDA code "
       "becomes do not convert to those. No action needed; a file of the same program that "
       "includes the header earlier without the macro still sees the library's own types."),
    _c("HPY300", "inline-ptx", E, "device",
       "inline PTX assembly",
       "PTX is NVIDIA's virtual ISA and does not exist on AMD GPUs. Replace the asm statement with "
       "a HIP intrinsic or portable C++. (A statement of one instruction with an exact C++ form "
       "-- bfe, bfi, %laneid, ld.global and st with cache hints only -- is rewritten instead.)"),
    _c("HPY310", "dynamic-parallelism", E, "device",
       "kernel launch from device code (dynamic parallelism)",
       "HIP does not support launching kernels from device code. Restructure into host-side "
       "launches."),
    _c("HPY320", "image-functions-unavailable", W, "device",
       "texture or surface function: unavailable on AMD GPUs without image hardware",
       "HIP declares its texture fetch and surface functions unavailable for gfx940-gfx942 and "
       "gfx950 (MI300, MI350), which have no image hardware: the kernel compiles for other AMD "
       "GPUs only. A 1D fetch from linear memory (tex1Dfetch on a bound buffer) is a plain load."),
    _c("HPY401", "warp-mask-32bit", W, "warp-size",
       "32-bit full lane mask passed to a *_sync warp function",
       "AMD wavefronts have 64 lanes and HIP's *_sync functions take 64-bit masks. A 32-bit full "
       "mask leaves lanes 32-63 out. Use a 64-bit mask (e.g. __activemask() or ~0ull)."),
    _c("HPY402", "ballot-in-32bit", W, "warp-size",
       "ballot or activemask result stored in a 32-bit type",
       "__ballot/__activemask return 64 bits on AMD; storing the result in 32 bits drops lanes "
       "32-63. Use unsigned long long (or auto)."),
    _c("HPY403", "warp-size-literal", W, "warp-size",
       "literal 32 used as the warp size in lane/warp arithmetic",
       "AMD wavefronts have 64 lanes. Use warpSize (or a constant derived from it) instead of 32, "
       "31 or 5."),
    _c("HPY404", "shuffle-loop-from-16", W, "warp-size",
       "shuffle reduction loop starting at offset 16",
       "A reduction over a 64-lane wavefront must start at offset warpSize/2 (32 on AMD); starting "
       "at 16 reduces only half the wavefront."),
    _c("HPY405", "per-warp-array-32", W, "warp-size",
       "per-warp array sized 32",
       "Arrays sized by the warp size need 64 entries on AMD. Size them with warpSize or a "
       "compile-time constant for 64."),
    _c("HPY406", "warp-transpose-block-size", W, "warp-size",
       "CUB block load/store with a warp-transpose algorithm on a block not a multiple of 64",
       "hipCUB's warp-transpose loads and stores (rocPRIM) require the block size to be a "
       "multiple of the wavefront size (64 on most AMD GPUs); a 32-thread block no longer "
       "compiles. Reported where the translation cannot choose for you (HPY407): a 2-D or 3-D "
       "block whose size is not known in the file. Use 64*k threads or BLOCK_*_TRANSPOSE."),
    _c("HPY407", "warp-transpose-as-block-transpose", N, "warp-size",
       "CUB warp-transpose block load/store translated to a block-wide transpose",
       "BLOCK_LOAD_WARP_TRANSPOSE (and the store's) on a block that is not a multiple of 64 "
       "threads becomes BLOCK_LOAD_TRANSPOSE: the same blocked arrangement through a block-wide "
       "exchange, which hipCUB allows for any block size. Where the size is a template "
       "parameter, the choice is made at compile time and keeps the warp transpose for 64*k."),
    _c("HPY500", "feature-macro-rewritten", N, "preprocessor",
       "CUDA feature-test macro translated to its HIP meaning",
       "No action needed; review that the branch kept is the intended one."),
    _c("HPY501", "feature-macro-unknown", W, "preprocessor",
       "CUDA feature-test macro whose meaning cannot be kept on HIP",
       "HIP defines nothing equivalent; the condition now evaluates differently under hipcc. "
       "Review the guarded code."),
    _c("HPY502", "cuda-arch-value", W, "preprocessor",
       "__CUDA_ARCH__ used for its value: nvcc's on NVIDIA, taken as 600 in AMD device code",
       "HIP defines no CUDA architecture number on AMD. The value becomes HIPIFY_PY_CUDA_ARCH "
       "(hipify_supplied.h): nvcc's own __CUDA_ARCH__ under HIP's NVIDIA platform, so that build "
       "keeps the paths the CUDA build took; on AMD 600 (Pascal) in device compilation and 0 in "
       "host compilation. Pascal's level is what every GPU HIP targets covers (fp16 arithmetic, "
       "double atomicAdd, __ldg, shuffles); Volta-and-later branches use what HIP lacks or does "
       "otherwise (independent thread scheduling, tensor cores, arrive/wait barriers, cp.async, "
       "__reduce_*_sync). Check the branch this selects on AMD; build with "
       "-DHIPIFY_PY_AMD_CUDA_ARCH=N to choose another level."),
    _c("HPY510", "overload-collision", W, "types",
       "overloads that become identical after translation: the later one is renamed",
       "CUresult and cudaError_t both become hipError_t (and similar pairs), so these overloads "
       "would have the same signature. The first keeps its name and serves calls with either "
       "type; the later one is renamed (name_CUresult). Check that the first does what both "
       "did, then delete the renamed copy."),
    _c("HPY511", "vector-operator-clash", E, "types",
       "user-defined operator on a CUDA vector type clashes with HIP's own",
       "HIP's vector types define the arithmetic operators already. A compound assignment, an "
       "increment, or (HIP 7.2) vector * and / of the project's own would make every use "
       "ambiguous: where the definition stands on lines of its own and gives the vector, it is "
       "kept for CUDA only (#if !defined(__HIP_PLATFORM_AMD__)) and HIP's element-by-element "
       "operator serves AMD (a warning: check the project's did the same). Otherwise it is left "
       "and the finding is an error: rename it to a function, or guard it by hand. Operators "
       "that still compile (vector + vector, with a scalar, unary minus) get no finding."),
    _c("HPY512", "hip-atomic-redefined", W, "types",
       "a project's own atomic overload that HIP's device library already defines",
       "HIP declares atomicSub/atomicMin/atomicMax overloads CUDA lacks (float, double, "
       "unsigned long long): a definition of the same overload at global scope would be a "
       "redefinition. It is kept for CUDA only (#if !defined(__HIP_PLATFORM_AMD__)), so HIP's "
       "own is used on AMD; where the definition does not stand on lines of its own it is left "
       "as it is, and the finding is an error."),
    _c("HPY514", "vector-type-redefined", E, "types",
       "a type named as one of HIP's vector types, in a file that gets HIP's runtime header",
       "hip/hip_runtime.h defines the vector types (uchar4, float2, ...) as CUDA's headers do; a "
       "file that defined its own one for a host compiler, and now includes HIP's runtime, "
       "redefines it. Use HIP's type or rename the project's own."),
    _c("HPY515", "shared-variable-initialized", E, "types",
       "a __shared__ variable of a class whose members have default initializers",
       "nvcc takes `__shared__ T s[N];` where T's members have default initializers "
       "(`size_t idx{};`) and leaves shared memory uninitialized, as it always does; clang "
       "refuses it (initialization is not supported for __shared__ variables). A declaration "
       "of one variable is rewritten into hipify_py_shared_storage (HPY530); this one was not "
       "(several declarators, a macro). Declare it extern __shared__ with the size given at "
       "launch, or as raw storage cast to T, or drop the initializers."),
    _c("HPY513", "case-label-removed", N, "types",
       "case label of a CUDA value the target HIP lacks: commented out",
       "HIP never produces a value it does not define, so the label can never be taken; the "
       "statements after it stay reachable from the other labels. No action needed."),
    _c("HPY530", "supplied", N, "supply",
       "a function the target HIP lacks, supplied by hipify_supplied.h",
       "hipify-py wrote its implementation into hipify_supplied.h at the root of the output "
       "and included that header here: a function, a constant (CUDA's math_constants.h values "
       "before HIP has them), one of libcu++'s function objects (cuda::maximum) or a name of "
       "the part of NVML written with the HIP runtime (nvmlInit -> hipify_py_nvmlInit) or NVTX's "
       "annotations as no-ops that return what NVTX returns with no profiler attached "
       "(nvtxRangePushA -> hipify_py_nvtxRangePushA: the annotation is dropped). Each is "
       "used only where the HIP in use does not declare it: a HIP that has it wins. The message "
       "says what to know about it."),
    _c("HPY531", "amd-only-translation", W, "supply",
       "translated to a name that exists on AMD only: HIP's NVIDIA platform lacks it",
       "HIP code also builds for NVIDIA GPUs (hipcc runs nvcc with HIP's NVIDIA layer), and there "
       "CUDA's own libraries stand in for ROCm's: Thrust's CUDA backend (thrust::cuda, "
       "thrust/system/cuda/...) becomes rocThrust's thrust::hip on AMD, which CUDA's Thrust does "
       "not have. Keep such code under #ifdef __HIP_PLATFORM_AMD__ with CUDA's names in the "
       "#else, or use the backend-neutral thrust::device."),
    _c("HPY520", "literal-suffix-separated", N, "host",
       "space added between a string literal and a macro glued to it",
       "C++11 reads `\"text\"NAME` as a user-defined literal; g++ only warns, clang (hipcc) rejects "
       "it. The space keeps the meaning g++ gave it (string concatenation with the macro)."),
    _c("HPY521", "register-removed", N, "host",
       "register storage class removed",
       "C++17 removed `register`; nvcc only warns, clang (hipcc) rejects it. The keyword never "
       "changed what a program does (compilers ignore it), so taking it out changes nothing."),
    _c("HPY600", "build-flag-translated", N, "build",
       "nvcc, one of its flags, a CUDA library or a CUDA path in a build file, ported",
       "The build file now calls hipcc with its counterpart (mappings/build_flags.yaml). "
       "Architecture flags become --offload-arch for the targets of --offload-arch."),
    _c("HPY601", "build-flag-dropped", N, "build",
       "nvcc flag dropped: hipcc needs none",
       "The flag has no meaning for hipcc (hip-clang accepts the code without it, or does by "
       "default what it asked for); the message says why."),
    _c("HPY602", "build-flag-unsupported", W, "build",
       "nvcc flag or CUDA library with no hipcc counterpart: taken out of the build",
       "hipcc would reject it, so it is removed from the command; what it did (register caps, "
       "ptxas options, a separate device link, NVIDIA-only libraries) needs another way on AMD: "
       "the message names it."),
    _c("HPY603", "cmake-construct-left", W, "build",
       "CUDA construct in a CMake file with no translation: left as it is",
       "A CUDA variable, property, package or command of CMake that HIP's CMake support has no "
       "counterpart for (separable compilation, the CUDA compiler's own settings, NVIDIA-only "
       "libraries), or one whose ported form depends on what a person decides. The message says "
       "what to do instead."),
    _c("HPY700", "shim-cannot-express", E, "shim",
       "an edit translate makes here that no alias of a compatibility shim can make",
       "The shim leaves the CUDA source as it is and renames through the preprocessor; this line "
       "needs a change of the text itself (a renamed duplicate overload, a commented-out case "
       "label, a struct field HIP spells differently). Translate this file instead, or change "
       "the source so that it ports as it is."),
    _c("HPY701", "shim-missing", E, "shim",
       "a CUDA name, call or header the compatibility shim does not cover",
       "The tree uses something the shim folder was not generated for, so the AMD build would "
       "fail here. Regenerate the shim (hipify-py shim) and commit it."),
    _c("HPY702", "shim-stale", E, "shim",
       "the compatibility shim differs from what hipify-py shim would generate now",
       "The folder was edited by hand, or generated by another hipify-py version or with other "
       "options, or the tree no longer uses something it covers. Regenerate it."),
    _c("HPY900", "edit-conflict", E, "translator",
       "overlapping edits: the file was left unchanged",
       "Two rewrites touched the same bytes. Report this as a hipify-py bug, with the snippet."),
    _c("HPY901", "launch-not-rewritten", W, "translator",
       "kernel launch left in <<<...>>> form",
       "The launch configuration comes from a macro or has an unexpected shape. hip-clang accepts "
       "<<<...>>>, so it still builds; rewrite by hand if you need hipLaunchKernelGGL. A launch "
       "whose <<< or argument list never closes is no launch at all: fix its brackets."),
    _c("HPY902", "unreadable-file", E, "input",
       "file could not be read",
       "Check permissions and that the path exists."),
    _c("HPY903", "binary-file", W, "input",
       "file looks binary (contains NUL bytes); skipped",
       "Exclude it with --exclude if it is not source code."),
    _c("HPY904", "not-utf8", N, "input",
       "file is not valid UTF-8; translated byte-exactly",
       "Bytes that are not touched by a rename come back unchanged."),
    _c("HPY905", "symlink-loop", W, "input",
       "symbolic link loop; not followed",
       "Fix or remove the link."),
    _c("HPY906", "output-not-writable", E, "output",
       "output could not be written",
       "Check the output directory's permissions and the path length."),
    _c("HPY907", "path-too-long", E, "input",
       "path longer than the operating system allows",
       "Shorten the directory layout."),
    _c("HPY908", "file-vanished", W, "input",
       "file disappeared during the run",
       "The file was deleted or moved while hipify-py ran; run again."),
    _c("HPY909", "file-too-large", W, "input",
       "file larger than --max-file-size; skipped",
       "Raise --max-file-size to translate it (memory grows with the file's token count)."),
    _c("HPY910", "clang-diagnostic", N, "parser",
       "clang diagnostic while parsing (shown on request)",
       "Without CUDA headers clang reports many undeclared names; these never stop translation."),
    _c("HPY912", "link-outside-tree", W, "output",
       "symbolic link to a place outside the tree (or nowhere): not mirrored",
       "--output-dir recreates links whose targets stay inside the tree; this one would point "
       "elsewhere from the output (or nowhere). Copy or recreate it by hand if the port needs it."),
    _c("HPY913", "not-a-regular-file", W, "input",
       "a FIFO, socket or device where a source file was expected: not read",
       "Reading it could block forever or never end. Exclude it, or name the real file."),
    _c("HPY914", "output-collision", E, "output",
       "two inputs would be written to the same output path",
       "Two trees given to one --output-dir hold the same relative path (or --rename-extensions "
       "makes a.cuh's output a.hip.h, which also exists). Neither is written: give each tree "
       "its own output folder, or rename one file."),
    _c("HPY915", "parse-failed", E, "parser",
       "libclang could not parse the file: nothing was translated",
       "The file is reported as failed (never as unchanged, never cached). Report it as a "
       "hipify-py bug with the file if it is valid CUDA."),
    _c("HPY920", "compile-error", E, "compile",
       "hipcc error in the translated file",
       "The translated file did not compile, on a line hipify-py had already flagged: the "
       "finding there says what to do."),
    _c("HPY921", "unpredicted-compile-error", E, "compile",
       "hipcc error on a line hipify-py did not flag",
       "A construct hipify-py neither translated nor reported: please report it as a bug of "
       "hipify-py, with the line. The count of these is what --verify-compile watches."),
]

CATALOGUE: dict[str, CodeInfo] = {info.code: info for info in _CODES}


def code_info(code: str) -> CodeInfo:
    return CATALOGUE[code]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding at one place. Plain values, picklable, comparable, hashable."""

    code: str
    severity: Severity
    path: str
    line: int
    column: int
    message: str
    cuda_name: str | None = None
    suggestion: str | None = None
    family: str | None = None
    offset: int = 0
    end_offset: int = 0

    @property
    def name(self) -> str:
        return CATALOGUE[self.code].name

    def sort_key(self) -> tuple[str, int, int, str, str]:
        # The message breaks ties (two HPY202 at one place): reports do not depend on the
        # order the rules happened to produce findings in.
        return (self.path, self.line, self.column, self.code, self.message)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as a constructor call: a warm run unpickles thousands of these from the
        # result cache, and dataclasses' generic __setstate__ costs several times more.
        return (Diagnostic, (self.code, self.severity, self.path, self.line, self.column,
                             self.message, self.cuda_name, self.suggestion, self.family,
                             self.offset, self.end_offset))


class Finding(NamedTuple):
    """A diagnostic before it is located: rules report byte offsets, translate() adds line/column."""

    code: str
    offset: int
    end_offset: int
    message: str
    cuda_name: str | None = None
    suggestion: str | None = None
    family: str | None = None
    severity: Severity | None = None  # None: the catalogue's default


class LineIndex:
    """Maps byte offsets to 1-based (line, column); column counts bytes, like clang."""

    __slots__ = ("_starts",)

    def __init__(self, data: bytes) -> None:
        starts = [0]
        find = data.find
        pos = find(b"\n")
        while pos != -1:
            starts.append(pos + 1)
            pos = find(b"\n", pos + 1)
        self._starts = starts

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def line_start(self, line: int) -> int:
        return self._starts[line - 1]

    def locate(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


def locate(finding: Finding, path: str, index: LineIndex) -> Diagnostic:
    line, column = index.locate(finding.offset)
    severity = finding.severity or CATALOGUE[finding.code].severity
    return Diagnostic(
        code=finding.code,
        severity=severity,
        path=path,
        line=line,
        column=column,
        message=finding.message,
        cuda_name=finding.cuda_name,
        suggestion=finding.suggestion,
        family=finding.family,
        offset=finding.offset,
        end_offset=finding.end_offset,
    )
