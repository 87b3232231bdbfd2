"""Functions HIP declares under CUDA's own name whose calls translate still changes, as HIP 6.2+
declares them: the warp `*_sync` functions, which static_assert a 64-bit mask where CUDA
passes 32 bits (engine/rules/warp_sync.py widens the mask).

The shim cannot forward such a call with a macro of the same name: the macro would rewrite
HIP's own declarations of the function in every HIP header read after it (hip_bf16.h declares
`__shfl_xor_sync` for bfloat16), and the project's own overloads of it. It declares overloads
instead, one per 32-bit mask type, each more specialized than HIP's template (whose mask type
is a template parameter) and doing what translate does with the call. Their parameters after
the mask are HIP's (a template parameter where HIP has one), so that overload resolution
prefers them over HIP's on the mask alone.
"""

from __future__ import annotations

from typing import NamedTuple

# The mask types a CUDA program passes (0xffffffff, an unsigned or int variable): the wider
# ones are HIP's already.
MASK_TYPES = ("unsigned int", "int")
TEMPLATE = "hipify_shim_T"  # a template parameter of the overload
# HIP declares the other value types of the reductions only under this macro.
EXTRA_TYPES = "HIP_ENABLE_EXTRA_WARP_SYNC_TYPES"


class Signature(NamedTuple):
    """The return type, the parameters after the mask (TEMPLATE: a template parameter), and
    the macro HIP declares the function under, if any. (The return type is spelt out: one
    deduced from the call in the body would make the overload a candidate of its own call.)"""

    returns: str
    parameters: tuple[str, ...]
    guard: str | None = None


def _reductions(base: tuple[str, ...], extra: tuple[str, ...]) -> tuple[Signature, ...]:
    return (*(Signature(t, (t,)) for t in base),
            *(Signature(t, (t,), EXTRA_TYPES) for t in extra))


_WIDE = ("long long", "unsigned long long", "float", "double")
DECLARED: dict[str, tuple[Signature, ...]] = {
    "__shfl_sync": (Signature(TEMPLATE, (TEMPLATE, "int", "int")),),
    "__shfl_up_sync": (Signature(TEMPLATE, (TEMPLATE, "unsigned int", "int")),),
    "__shfl_down_sync": (Signature(TEMPLATE, (TEMPLATE, "unsigned int", "int")),),
    "__shfl_xor_sync": (Signature(TEMPLATE, (TEMPLATE, "int", "int")),),
    "__ballot_sync": (Signature("unsigned long long", ("int",)),),
    "__any_sync": (Signature("int", ("int",)),),
    "__all_sync": (Signature("int", ("int",)),),
    "__syncwarp": (Signature("void", ()),),
    "__match_any_sync": (Signature("unsigned long long", (TEMPLATE,)),),
    "__match_all_sync": (Signature("unsigned long long", (TEMPLATE, "int*")),),
    "__reduce_add_sync": _reductions(("int", "unsigned int"), _WIDE),
    "__reduce_min_sync": _reductions(("int", "unsigned int"), _WIDE),
    "__reduce_max_sync": _reductions(("int", "unsigned int"), _WIDE),
    "__reduce_and_sync": _reductions(("unsigned int",), ("int", "long long", "unsigned long long")),
    "__reduce_or_sync": _reductions(("unsigned int",), ("int", "long long", "unsigned long long")),
    "__reduce_xor_sync": _reductions(("unsigned int",), ("int", "long long", "unsigned long long")),
}
# Where HIP declares them at all (amd_warp_sync_functions.h): AMD, HIP 6.2 and later, unless
# the program turned them off.
CONDITION = ("defined(__HIP_PLATFORM_AMD__) && defined(__HIP__) && defined(HIP_VERSION) && "
             "HIP_VERSION >= 60200000 && !defined(HIP_DISABLE_WARP_SYNC_BUILTINS)")


def overloads(name: str, forms: dict[int, str]) -> list[str] | None:
    """C++ lines declaring the overloads of HIP's `name` for calls of each argument count in
    `forms` (count -> what translate makes of `name(a0, ...)`); None for a name not listed."""
    signatures = DECLARED.get(name)
    if signatures is None:
        return None
    out: list[str] = []
    guard: str | None = None
    for arity, body in sorted(forms.items()):
        seen: set[tuple[str, ...]] = set()
        for signature in signatures:
            rest = signature.parameters[: arity - 1]
            if len(rest) < arity - 1 or rest in seen:
                continue  # HIP's takes fewer arguments, or this overload is declared already
            seen.add(rest)
            if signature.guard != guard:
                if guard is not None:
                    out.append("#endif")
                if signature.guard is not None:
                    out.append(f"#ifdef {signature.guard}")
                guard = signature.guard
            head = f"template <typename {TEMPLATE}> " if TEMPLATE in rest else ""
            for mask in MASK_TYPES:
                params = ", ".join(f"{t} a{k}" for k, t in enumerate((mask, *rest)))
                out.append(f"{head}__device__ inline {signature.returns} {name}({params}) {{")
                out.append(f"  return {body};")
                out.append("}")
        if guard is not None:
            out.append("#endif")
            guard = None
    return out
