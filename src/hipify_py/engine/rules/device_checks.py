"""Device-code checks: inline PTX (HPY300), image functions (HPY320), warp-size hazards
(HPY401-HPY405; HPY406, cub's warp transposes, is rules/cub_algorithms.py's), and `__shared__`
variables of a class whose members have default initializers (HPY515).

AMD wavefronts have 64 lanes. Code written for 32-lane warps still compiles under hipcc but
silently computes wrong answers, which is why these are reported and never rewritten.

The heuristics prefer precision to recall: each looks for a specific, common idiom, in device
code only (except HPY401, whose *_sync callees exist only in device code anyway, and warp-size
constants whose name says what they are). tests/golden/device has, for each, the forms that
must be flagged and look-alikes (a corpus of ordinary code full of 32s) that must not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import COMMENT, IDENT, KEYWORD, LITERAL, FunctionBody
from hipify_py.engine.rules.base import (
    Context,
    RuleOutput,
    Supply,
    after_a_type,
    identifier_tokens,
    int_value,
)
from hipify_py.engine.rules.ptx_idioms import string_macros
from hipify_py.engine.rules.ptx_idioms import translated as translated_ptx
from hipify_py.engine.rules.warp_sync import MASKED, SUPPLIED_BEFORE_62, supplied_before_62
from hipify_py.reporting.diagnostics import Finding
from hipify_py.tables.targets import supplied_note

_ASM_WORDS = frozenset({b"asm", b"__asm__", b"__asm"})
_ASM_QUALIFIERS = frozenset({b"volatile", b"__volatile__", b"__volatile", b"goto", b"inline"})
# Text that only PTX has: special registers, and dotted instruction names with a PTX type,
# state space or modifier (RISC-V's vle32.v or fence.i, ARM's v0.4s have none of them).
_PTX = re.compile(
    rb"%%?(?:laneid|warpid|nwarpid|smid|nsmid|tid|ntid|ctaid|nctaid|clock|clock64|globaltimer"
    rb"|lanemask_\w+|dynamic_smem_size)\b"
    rb"|\b(?:mov|ld|st|add|sub|mul|mad|fma|shfl|vote|bar|cvt|cvta|setp|selp|prmt|bfe|bfi|brev"
    rb"|lop3|atom|red|membar|fence|activemask|match|redux|cp|ldmatrix|mma|wmma|isspacep|prefetch"
    rb"|popc|clz|min|max|and|or|xor|not|shl|shr|div|rem|abs|neg|rcp|sqrt|rsqrt|ex2|lg2)"
    rb"(?:\.[a-z0-9]+)*\.(?:[usbf](?:8|16|32|64)|f16x2|bf16x?2?|e4m3|e5m2|tf32|pred|global|shared"
    rb"|local|const|param|sync|aligned|approx|full|rn|rz|rm|rp|rni|rzi|ftz|sat|wide|hi|lo|cta|gpu"
    rb"|sys|relaxed|acquire|release|volatile|down|up|bfly|idx|all|any|ballot|uni|x[124]|trans"
    rb"|m\d+n\d+k?\d*|v[248]|async|ca|cg|cs|nc|l[12])\b"
)
# AMD GCN/CDNA assembly (s_waitcnt, v_fma_f32, ds_read_b32, global_load_dword...): already AMD's.
_AMD_ASM = re.compile(rb"\b(?:s|v|ds|buffer|global|flat|scratch|exp)_[a-z0-9_]+\b")
_FIRST_INSTRUCTION = re.compile(rb"[A-Za-z_][\w.]*")

_MASK_FUNCTIONS = frozenset(name.encode() for name in MASKED)
_FULL_MASK_32 = re.compile(
    rb"^(?:0[xX][fF]{8}[uU]?[lL]?|~0[uU]?|~\(?0[uU]?\)?|4294967295[uU]?[lL]?|UINT_MAX|UINT32_MAX"
    rb"|\(\s*unsigned(?:\s+int)?\s*\)\s*-\s*1|\(\s*uint32_t\s*\)\s*-\s*1|0[xX][fF]{8}[uU]?[lL]?)$"
)
_MASK_NAMES = re.compile(
    rb"(?:#[ \t]*define[ \t]+(\w+)[ \t]+\(?[ \t]*([^\s/()]+)[ \t]*\)?[ \t]*(?://[^\n]*)?$)"
    rb"|(?:\b(?:static\s+)?(?:constexpr|const)\s+(?:unsigned(?:\s+int)?|uint32_t|auto)\s+(\w+)\s*=\s*([^;]+);)",
    re.M,
)

_BALLOTS = frozenset({b"__ballot_sync", b"__ballot", b"__activemask"})
_TYPES_32 = frozenset({
    (b"unsigned",), (b"unsigned", b"int"), (b"int",), (b"uint32_t",), (b"std::uint32_t",),
    (b"int32_t",), (b"unsigned", b"long"), (b"long",), (b"uint",),
})
_TYPE_QUALIFIERS = frozenset({b"const", b"volatile", b"register", b"static", b"constexpr"})

# A warp-size constant: `#define WARP_SIZE 32` or `constexpr int kWarpSize = 32;`. Found from
# each "warp" in the file outwards (one regex over the whole file with these alternatives is
# slow: it is tried at every position).
_WARP_WORD = re.compile(rb"[Ww][Aa][Rr][Pp]")
_IDENT_CHARS = re.compile(rb"\w+")
_SIZE_NAME = re.compile(rb"(?i)warp_?(?:size|lanes|threads)$|warp\w*(?:size|lanes|threads)$")
_DEFINE_BEFORE = re.compile(rb"#[ \t]*define[ \t]+$")
_CONST_BEFORE = re.compile(
    rb"\b(?:static\s+)?(?:constexpr|const)\s+(?:unsigned(?:\s+int)?|int|size_t|uint32_t|auto)\s+$")
_DEFINE_VALUE = re.compile(rb"[ \t]+\(?(32)\)?(?![\w.])")
_CONST_VALUE = re.compile(rb"\s*=\s*(32)\s*[;,]")
# Spellings of a 32-bit full mask that a named constant could hold.
_MASK_HINT = re.compile(rb"0[xX][fF]{8}(?![fF0-9])|~0[uU]?\b|UINT(?:32)?_MAX|4294967295|\)\s*-\s*1\b")


def _warp_constants(data: bytes) -> list[tuple[bytes, int, int]]:
    """(name, start, end of the literal 32) for each warp-size constant defined as 32."""
    found: list[tuple[bytes, int, int]] = []
    last_end = -1
    for w in _WARP_WORD.finditer(data):
        start = w.start()
        while start > 0 and (data[start - 1 : start].isalnum() or data[start - 1 : start] == b"_"):
            start -= 1
        if start <= last_end:
            continue
        name_match = _IDENT_CHARS.match(data, start)
        if name_match is None:
            continue
        name, end = name_match.group(), name_match.end()
        last_end = end
        if not _SIZE_NAME.search(name):
            continue
        before = data[max(0, start - 80) : start]
        if _DEFINE_BEFORE.search(before):
            value = _DEFINE_VALUE.match(data, end)
        elif _CONST_BEFORE.search(before):
            value = _CONST_VALUE.match(data, end)
        else:
            continue
        if value is not None:
            found.append((name, value.start(1), value.end(1)))
    return found


# (operator, literal value) pairs that mean "lane of" / "warp of" with 32-wide warps.
_LANE_MATH = {(b"%", 32), (b"&", 31), (b">>", 5), (b"/", 32)}
_THREAD_INDEX = frozenset({b"threadIdx"})
_SHUFFLES = re.compile(rb"\b__shfl(?:_up|_down|_xor)?(?:_sync)?\b")
_SHUFFLE_CALLS = frozenset({b"__shfl_down_sync", b"__shfl_xor_sync", b"__shfl_down", b"__shfl_xor"})
_ASSIGNMENT = re.compile(rb"\b([A-Za-z_]\w*)\s*=(?!=)\s*([^;{}]*)")
def _names(words: frozenset[bytes]) -> re.Pattern[bytes]:
    return re.compile(rb"\b(?:" + b"|".join(re.escape(w) for w in sorted(words)) + rb")\b")


_MASK_FUNCTION_NAMES = _names(_MASK_FUNCTIONS)
_BALLOT_NAMES = _names(_BALLOTS)
_SHUFFLE_CALL_NAMES = _names(_SHUFFLE_CALLS)
_SUBSCRIPT = re.compile(rb"\[[^\[\]]*\]")
_WARP_WORDS = re.compile(rb"warp|lane|__shfl", re.I)


def check_device_code(ctx: Context) -> Iterator[RuleOutput]:
    data = ctx.data
    if b"asm" in data:
        yield from _inline_asm(ctx)
    if b"_sync" in data or b"__syncwarp" in data:
        yield from _mask_arguments(ctx)
    if b"__ballot" in data or b"__activemask" in data:
        yield from _ballots_in_32_bits(ctx)
    if b"32" in data or b"31" in data or b"5" in data or b"0x1f" in data.lower():
        yield from _warp_size_literals(ctx)
    if b"__shfl" in data:
        yield from _shuffles_from_16(ctx)
    if b"__shared__" in data:
        yield from _per_warp_arrays(ctx)
        yield from _shared_with_initializers(ctx)
    if b"tex" in data or b"surf" in data:
        yield from _image_functions(ctx)


# --- HPY300 -------------------------------------------------------------------------------
def _inline_asm(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    done = translated_ptx(ctx)  # rules/ptx_idioms.py rewrites these
    macros = string_macros(ctx.data)  # `#define LD "ld.global.u32"`, spelled in templates
    for kind in (KEYWORD, IDENT):
        for i in toks.of_kind(kind):
            if toks.raw(i) not in _ASM_WORDS or i in done:
                continue
            j = syntax.next_code(i)
            while j is not None and toks.raw(j) in _ASM_QUALIFIERS:
                j = syntax.next_code(j)
            if j is None or toks.raw(j) != b"(":
                continue
            close = syntax.partner_of(j)
            end = toks.end(close) if close is not None else toks.end(j)
            strings = b"".join(
                toks.raw(k) if toks.kinds[k] == LITERAL else b" ".join(macros[toks.raw(k)])
                for k in range(j + 1, close or j + 1)
                if (toks.kinds[k] == LITERAL and toks.raw(k)[-1:] == b'"')
                or (toks.kinds[k] == IDENT and toks.raw(k) in macros))
            device = ctx.parsed.device_function_at(toks.start(i))
            ptx = _PTX.search(strings) is not None
            if device is None and not ptx:
                continue  # host assembly (x86, ARM, RISC-V): not our business
            if not ptx and _AMD_ASM.search(strings) is not None:
                continue  # AMD GPU assembly in device code: already what hipcc takes
            first = _FIRST_INSTRUCTION.search(strings.replace(b'"', b" ").replace(b"\\n", b" ")
                                              .replace(b"\\t", b" "))
            what = f" ({first.group().decode('utf-8', 'replace')} ...)" if first else ""
            where = f"in {device.name}" if device is not None else "PTX text"
            yield Finding(
                "HPY300", toks.start(i), end,
                f"inline PTX assembly{what} {where}: PTX does not exist on AMD GPUs",
                None,
                "replace it with a HIP intrinsic (e.g. __lane_id(), __ballot, __shfl) or portable C++",
                "device",
            )


# --- HPY320 -------------------------------------------------------------------------------
# HIP's texture and surface functions, objects and references alike, are declared
# `unavailable` when compiling for GPUs without image hardware (__HIP_NO_IMAGE_SUPPORT:
# gfx940-gfx942 and later CDNA, i.e. MI300/MI350), in HIP 5.2 as in 7.2.
_IMAGE_FUNCTIONS = re.compile(
    rb"\b(?:tex(?:1D|2D|3D|Cubemap)(?:Layered)?(?:Lod|Grad)?|tex1Dfetch|tex2Dgather"
    rb"|surf(?:1D|2D|3D|Cubemap)(?:Layered)?(?:read|write))\b"
)


def _image_functions(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i in identifier_tokens(ctx, _IMAGE_FUNCTIONS):
        start = toks.start(i)
        if ctx.is_skipped(start):
            continue
        nxt = syntax.next_code(i)
        prev = syntax.prev_code(i)
        if nxt is None or toks.raw(nxt) not in (b"(", b"<"):
            continue
        if prev is not None and toks.raw(prev) in (b".", b"->", b"::"):
            continue  # a member, or the user's own namespace
        if after_a_type(ctx, i):
            continue  # `float tex2D(...)`: the user declares a function of that name
        if ctx.parsed.device_function_at(start) is None:
            continue
        name = toks.text(i)
        yield Finding(
            "HPY320", start, toks.end(i),
            f"{name}: HIP's texture and surface functions are unavailable on AMD GPUs without "
            "image hardware (gfx940-gfx942, gfx950: MI300, MI350); hipcc rejects this call "
            "when compiling for them",
            name,
            "for a fetch from linear memory, read the array directly (a const __restrict__ "
            "pointer); otherwise build this kernel only for GPUs with image support",
            "device",
        )


# --- HPY401 -------------------------------------------------------------------------------
def _named_masks(data: bytes) -> frozenset[bytes]:
    if _MASK_HINT.search(data) is None:
        return frozenset()
    names = set()
    for m in _MASK_NAMES.finditer(data):
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if name and value and _FULL_MASK_32.match(value.strip()):
            names.add(name)
    return frozenset(names)


def _mask_arguments(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    named: frozenset[bytes] | None = None
    # HIP < 6.2: the supplied intrinsics take a full 32-bit mask for the whole wavefront
    supplied = SUPPLIED_BEFORE_62 if supplied_before_62(ctx) else frozenset()
    for i in identifier_tokens(ctx, _MASK_FUNCTION_NAMES):
        name = toks.raw(i)
        if name.decode() in supplied:
            continue
        call = syntax.call_at(i)
        if call is None or not call.args or call.args[0].empty:
            continue
        arg = call.args[0]
        text = syntax.code_text(arg)
        compact = text.replace(b" ", b"")
        while compact.startswith(b"(") and compact.endswith(b")") and compact.count(b"(") == 1:
            compact = compact[1:-1]
        is_full = _FULL_MASK_32.match(compact) is not None or _FULL_MASK_32.match(text) is not None
        if not is_full:
            if named is None:
                named = _named_masks(ctx.data)
            is_full = compact in named
        if is_full:
            yield Finding(
                "HPY401", arg.start, arg.end,
                f"{name.decode()} gets the 32-bit full mask {syntax.text(arg).decode('utf-8', 'replace')}: "
                "on a 64-lane wavefront lanes 32-63 are left out",
                name.decode(),
                "use a 64-bit mask such as ~0ull or __activemask()",
                "device",
            )


# --- HPY402 -------------------------------------------------------------------------------
def _ballots_in_32_bits(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i in identifier_tokens(ctx, _BALLOT_NAMES):
        name = toks.raw(i)
        eq = syntax.prev_code(i)
        if eq is None or toks.raw(eq) != b"=":
            continue
        var = syntax.prev_code(eq)
        if var is None or toks.kinds[var] != IDENT:
            continue
        declared = _declared_type(ctx, var)
        if declared is None:
            declared = _earlier_declaration(ctx, toks.raw(var), toks.start(var))
        if declared is None or declared not in _TYPES_32:
            continue
        type_text = b" ".join(declared).decode()
        call = syntax.call_at(i)
        end = toks.end(call.close_index) if call is not None else toks.end(i)
        yield Finding(
            "HPY402", toks.start(var), end,
            f"{name.decode()} result stored in {toks.text(var)} of 32-bit type {type_text}: "
            "the upper 32 lanes of a 64-lane wavefront are dropped",
            name.decode(),
            "declare it unsigned long long (or auto)",
            "device",
        )


def _declared_type(ctx: Context, var: int) -> tuple[bytes, ...] | None:
    """The type tokens in front of a declared name (`const unsigned int mask`), or None."""
    toks = ctx.parsed.tokens
    words: list[bytes] = []
    j = ctx.syntax.prev_code(var)
    while (j is not None and toks.kinds[j] in (KEYWORD, IDENT)) or (
        j is not None and toks.raw(j) == b"::"
    ):
        assert j is not None
        words.append(toks.raw(j))
        j = ctx.syntax.prev_code(j)
    words.reverse()
    joined: list[bytes] = []
    for w in words:
        if joined and (w == b"::" or joined[-1].endswith(b"::")):
            joined[-1] += w  # std :: uint32_t -> std::uint32_t
        elif w not in _TYPE_QUALIFIERS:
            joined.append(w)
    return tuple(joined) if joined else None


def _earlier_declaration(ctx: Context, name: bytes, before: int) -> tuple[bytes, ...] | None:
    fn = ctx.parsed.device_function_at(before)
    start = fn.start if fn is not None else 0
    pattern = re.compile(
        rb"\b(unsigned\s+int|unsigned\s+long|unsigned|int|uint32_t|int32_t|long|uint)\s+"
        + re.escape(name) + rb"\s*[;=,)]"
    )
    found = None
    for m in pattern.finditer(ctx.data, start, before):
        found = tuple(m.group(1).split())
    return found


# --- HPY403 -------------------------------------------------------------------------------
def _device_functions(ctx: Context) -> list[FunctionBody]:
    return [fn for fn in ctx.parsed.functions if fn.on_device]


def _thread_derived(data: bytes, fn: FunctionBody) -> set[bytes]:
    """Variables of a function whose value comes from threadIdx (directly or through another)."""
    derived: set[bytes] = set()
    for m in _ASSIGNMENT.finditer(data, fn.start, fn.end):
        # keys[i] is data loaded by a thread index, not an index: drop subscripts first.
        rhs = m.group(2)
        while b"[" in rhs:
            stripped = _SUBSCRIPT.sub(b"", rhs)
            if stripped == rhs:
                break
            rhs = stripped
        if b"threadIdx" in rhs or any(re.search(rb"\b" + re.escape(v) + rb"\b", rhs) for v in derived):
            derived.add(m.group(1))
    return derived


# AMD's wavefront-size macros (clang's; the __ form newer): a branch that tests one is the
# author's code for that wavefront size.
_WAVEFRONT_MACROS = frozenset({"__AMDGCN_WAVEFRONT_SIZE", "__AMDGCN_WAVEFRONT_SIZE__"})


def _wavefront_branches(ctx: Context) -> list[tuple[int, int]]:
    """Byte ranges of #if/#elif branches whose own condition tests AMD's wavefront size
    (`#if __AMDGCN_WAVEFRONT_SIZE == 32`): a warp size of 32 there is the wave32 case, written
    for AMD. The #else of such a test is not one of them (it is what the test did not pick)."""
    if b"__AMDGCN_WAVEFRONT_SIZE" not in ctx.data:
        return []
    toks = ctx.parsed.tokens
    out: list[tuple[int, int]] = []
    stack: list[tuple[int, bool]] = []  # (branch start, its condition tests the wavefront size)
    for d in ctx.syntax.directives:
        tests = any(toks.text(k) in _WAVEFRONT_MACROS for k in range(d.first + 1, d.last + 1))
        if d.name in ("if", "ifdef", "ifndef"):
            stack.append((d.end, tests and d.name != "ifndef"))
        elif d.name in ("elif", "else", "endif") and stack:
            start, wave = stack.pop()
            if wave:
                out.append((start, d.start))
            if d.name == "elif":
                stack.append((d.end, tests))
            elif d.name == "else":
                stack.append((d.end, False))
    return out


def _warp_size_literals(ctx: Context) -> Iterator[RuleOutput]:
    data = ctx.data
    wave_branches = _wavefront_branches(ctx)
    for raw_name, start, end in _warp_constants(data):
        if any(lo <= start < hi for lo, hi in wave_branches):
            continue
        name = raw_name.decode("utf-8", "replace")
        yield Finding(
            "HPY403", start, end,
            f"{name} is defined as 32: AMD wavefronts have 64 lanes",
            None, "use warpSize at run time, or 64 for AMD targets at compile time",
            "device",
        )
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    functions = _device_functions(ctx)
    if not functions:
        return
    # Only literals spelled like 32, 31 or 5 matter: filter the literal tokens by text first
    # (cheap), then look at the operator and the function around each survivor.
    derived_by_fn: dict[int, tuple[set[bytes], int]] = {}
    for k in toks.of_kind(LITERAL):
        raw = toks.raw(k)
        if len(raw) > 6 or raw[:1] not in b"0359":
            continue
        value = int_value(raw)
        if value not in (32, 31, 5):
            continue
        op = syntax.prev_code(k)
        if op is None or (toks.raw(op), value) not in _LANE_MATH:
            continue
        fn = ctx.parsed.device_function_at(toks.start(k))
        if fn is None:
            continue
        if fn.start not in derived_by_fn:
            derived_by_fn[fn.start] = (_thread_derived(data, fn), toks.index_at(fn.start))
        derived, first = derived_by_fn[fn.start]
        if _operand_is_thread_index(ctx, op, derived, first):
            yield Finding(
                "HPY403", toks.start(k), toks.end(k),
                f"'{toks.text(op)} {toks.text(k)}' on a thread index assumes 32-lane warps; "
                "AMD wavefronts have 64 lanes",
                None,
                f"use warpSize ({'threadIdx.x % warpSize' if value == 32 else 'warpSize - 1 or a log2 of warpSize'})",
                "device",
            )


def _operand_is_thread_index(ctx: Context, op: int, derived: set[bytes], floor: int) -> bool:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    j = syntax.prev_code(op)
    if j is None or j < floor:
        return False
    raw = toks.raw(j)
    if raw == b")":
        depth = 0
        while j is not None and j >= floor:
            r = toks.raw(j)
            if r == b")":
                depth += 1
            elif r == b"(":
                depth -= 1
                if depth == 0:
                    return False
            elif toks.kinds[j] == IDENT and (r in _THREAD_INDEX or r in derived):
                return True
            j -= 1
        return False
    if raw in (b"x", b"y", b"z"):
        dot = syntax.prev_code(j)
        base = syntax.prev_code(dot) if dot is not None else None
        return base is not None and toks.raw(base) in _THREAD_INDEX
    return toks.kinds[j] == IDENT and raw in derived


# --- HPY404 -------------------------------------------------------------------------------
def _shuffles_from_16(ctx: Context) -> Iterator[RuleOutput]:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for k in toks.of_kind(KEYWORD):
        if toks.raw(k) != b"for":
            continue
        fn = ctx.parsed.device_function_at(toks.start(k))
        if fn is None or b"__shfl" not in ctx.data[fn.start:fn.end]:
            continue
        finding = _loop_from_16(ctx, k)
        if finding is not None:
            yield finding
    # Unrolled reductions: a shuffle with the literal offset 16 (loops pass a variable).
    for i in identifier_tokens(ctx, _SHUFFLE_CALL_NAMES):
        if ctx.parsed.device_function_at(toks.start(i)) is None:
            continue
        call = syntax.call_at(i)
        if call is None or len(call.args) < 2:
            continue
        offset = call.args[2] if toks.raw(i).endswith(b"_sync") and len(call.args) > 2 else (
            call.args[1] if not toks.raw(i).endswith(b"_sync") else None)
        if offset is None or offset.first != offset.last:
            continue
        if int_value(toks.raw(offset.first)) != 16:
            continue
        yield Finding(
            "HPY404", offset.start, offset.end,
            f"{toks.text(i)} with offset 16 starts a reduction over 32 lanes; a 64-lane "
            "wavefront needs offset 32 first",
            toks.text(i), "start at warpSize / 2", "device",
        )


def _loop_from_16(ctx: Context, for_index: int) -> Finding | None:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    open_paren = syntax.next_code(for_index)
    if open_paren is None or toks.raw(open_paren) != b"(":
        return None
    close = syntax.partner_of(open_paren)
    if close is None:
        return None
    header = [k for k in range(open_paren + 1, close) if toks.kinds[k] != COMMENT]
    semis = [k for k in header if toks.raw(k) == b";"]
    if len(semis) != 2:
        return None
    init = [k for k in header if k < semis[0]]
    step = b"".join(toks.raw(k) for k in header if k > semis[1])
    sixteen = next((k for k in init if toks.kinds[k] == LITERAL and int_value(toks.raw(k)) == 16
                    and toks.raw(syntax.prev_code(k) or k) == b"="), None)
    if sixteen is None or not (b"/=2" in step or b">>=1" in step or b"/2" in step or b">>1" in step):
        return None
    body_start = syntax.next_code(close)
    if body_start is None:
        return None
    if toks.raw(body_start) == b"{":
        body_end = syntax.partner_of(body_start) or body_start
    else:
        body_end = body_start
        while body_end < len(toks) and toks.raw(body_end) != b";":
            body_end += 1
    body = ctx.data[toks.start(body_start): toks.end(min(body_end, len(toks) - 1))]
    if _SHUFFLES.search(body) is None:
        return None
    return Finding(
        "HPY404", toks.start(sixteen), toks.end(sixteen),
        "shuffle reduction loop starts at offset 16: it reduces 32 lanes, but an AMD wavefront "
        "has 64", None, "start the loop at warpSize / 2", "device",
    )


# --- HPY405 -------------------------------------------------------------------------------
_SHARED_ARRAY = re.compile(
    rb"__shared__\s+(?:volatile\s+)?[\w:<>, ]+?\s+(\w+)\s*\[\s*(\w+)\s*\]\s*(?=[;=])"
)


def _per_warp_arrays(ctx: Context) -> Iterator[RuleOutput]:
    data = ctx.data
    constants_32 = {name for name, _, _ in _warp_constants(data)}
    for fn in _device_functions(ctx):
        body = data[fn.start:fn.end]
        if b"__shared__" not in body or _WARP_WORDS.search(body) is None:
            continue
        for m in _SHARED_ARRAY.finditer(data, fn.start, fn.end):
            size = m.group(2)
            if int_value(size) != 32 and size not in constants_32:
                continue
            yield Finding(
                "HPY405", m.start(2), m.end(2),
                f"per-warp array {m.group(1).decode()}[{size.decode()}] in a kernel that works "
                "per warp: a 64-lane wavefront needs 64 entries per wavefront (or half as many "
                "wavefronts)",
                None, "size it with a constant for 64 on AMD (or compute it from warpSize)",
                "device",
            )


# --- HPY515 -------------------------------------------------------------------------------
# `__shared__ T s[N];` where T's members have default initializers (`size_t idx{};`): nvcc
# takes it and leaves shared memory uninitialized, as it always does; clang (hipcc) refuses
# it, "initialization is not supported for __shared__ variables" (T's defaulted constructor
# runs the initializers, so it is no "empty constructor"). gputreeshap's PathElement.
_CLASS_HEAD = re.compile(
    rb"\b(?:struct|class)\s+(?:alignas\s*\([^)]*\)\s*)?([A-Za-z_]\w*)\s*(?:final\s*)?"
    rb"(?::[^{;()]*)?\{")
_COMMENTS = re.compile(rb"//[^\n]*|/\*.*?\*/", re.S)
_ACCESS = re.compile(rb"^\s*(?:(?:public|private|protected)\s*:\s*)+")
_NOT_MEMBERS = re.compile(
    rb"^\s*(?:static|using|typedef|friend|enum|struct|class|union|template|return|constexpr\s+static)\b")
# `type name{...}` or `type name = ...`: a non-static member with a default initializer
_INITIALIZED_MEMBER = re.compile(
    rb"^\s*[\w:<>,\s*&]*?[\w>*&]\s+[A-Za-z_]\w*\s*(?:\[[^\]]*\]\s*)?(?:\{|=)", re.S)
_SHARED_QUALIFIERS = frozenset({b"volatile", b"const", b"static", b"__align__", b"alignas",
                                b"__device__"})
_CLASS_SCAN_BYTES = 400_000


def _classes_with_initializers(text: bytes) -> set[bytes]:
    """Names of the classes defined in text that have a non-static member with a default
    member initializer."""
    text = _COMMENTS.sub(b" ", text)
    found: set[bytes] = set()
    for m in _CLASS_HEAD.finditer(text):
        depth, k, start = 1, m.end(), m.end()
        statement_has_paren = False
        while k < len(text) and depth > 0:
            c = text[k:k + 1]
            if c == b"{":
                if depth == 1 and not statement_has_paren and _initialized(text[start:k + 1]):
                    found.add(m.group(1))
                depth += 1
            elif c == b"}":
                depth -= 1
                if depth == 1 and statement_has_paren:
                    start, statement_has_paren = k + 1, False  # a member function's body
            elif depth == 1 and c == b";":
                if not statement_has_paren and _initialized(text[start:k]):
                    found.add(m.group(1))
                start, statement_has_paren = k + 1, False
            elif depth == 1 and c == b"(":
                before = text[start:k]
                if b"=" not in before:
                    statement_has_paren = True
            k += 1
    return found


def _initialized(statement: bytes) -> bool:
    statement = _ACCESS.sub(b"", statement)
    if _NOT_MEMBERS.match(statement) or b"operator" in statement:
        return False
    return bool(_INITIALIZED_MEMBER.match(statement))


def _shared_with_initializers(ctx: Context) -> Iterator[RuleOutput]:
    classes = _classes_with_initializers(ctx.data)
    for text in ctx.project_headers(_CLASS_SCAN_BYTES):
        if b"{" in text:
            classes |= _classes_with_initializers(text)
    if not classes:
        return
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    for i in identifier_tokens(ctx, re.compile(rb"\b__shared__\b")):
        if ctx.is_skipped(toks.start(i)):
            continue
        prev = syntax.prev_code(i)
        while prev is not None and toks.raw(prev) in _SHARED_QUALIFIERS:
            prev = syntax.prev_code(prev)
        if prev is not None and toks.raw(prev) == b"extern":
            continue  # no storage here: the launch gives it, uninitialized
        k = syntax.next_code(i)
        while k is not None and toks.raw(k) in _SHARED_QUALIFIERS:
            nxt = syntax.next_code(k)
            if nxt is not None and toks.raw(nxt) == b"(":
                nxt = syntax.partner_of(nxt)
                nxt = syntax.next_code(nxt) if nxt is not None else None
            k = nxt
        type_start, type_name = k, None
        while k is not None and toks.kinds[k] == IDENT:
            type_name = k
            colons = syntax.next_code(k)
            if colons is None or toks.raw(colons) != b"::":
                break
            k = syntax.next_code(colons)
        if type_start is None or type_name is None or toks.raw(type_name) not in classes:
            continue
        name = toks.text(type_name)
        rewrite = _storage_rewrite(ctx, i, type_start, type_name)
        note = supplied_note(_STORAGE, ctx.settings, ctx.table, f"__shared__ {name}: {name}'s "
                             "members have default initializers, which clang refuses for "
                             f"__shared__ (nvcc leaves shared memory uninitialized) -> {_STORAGE}, "
                             "the same uninitialized memory")
        if rewrite and note is not None:
            yield from rewrite
            yield Supply(_STORAGE)
            yield Finding(note.code, toks.start(i), toks.end(type_name), note.message,
                          "__shared__", note.suggestion, "device")
            continue
        yield Finding("HPY515", toks.start(i), toks.end(type_name),
                      f"__shared__ {name}: {name}'s members have default initializers; nvcc "
                      "leaves shared memory uninitialized, clang (hipcc) refuses the "
                      "declaration (initialization is not supported for __shared__ variables)",
                      "__shared__", "declare it extern __shared__ with the size given at "
                      "launch, or as raw storage (alignas(T) unsigned char[sizeof(T) * N]) cast "
                      "to T, or drop the member initializers", "device")


_STORAGE = "hipify_py_shared_storage"


def _storage_rewrite(ctx: Context, shared: int, type_start: int, type_name: int) -> list[Edit]:
    """`__shared__ T name[N];` (one declarator, no initializer, not in a macro) ->
    `__shared__ hipify_py_shared_storage<T [N]> name_hipify_py_storage; auto &name =
    name_hipify_py_storage.value;`: storage no constructor runs on, as nvcc's."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    if shared in syntax.directive_of_token:
        return []
    last = type_name
    after = syntax.next_code(type_name)
    if after is not None and toks.raw(after) == b"<":
        args = syntax.template_args(after)
        if args is None:
            return []
        last = args[1]
    declarator = syntax.next_code(last)
    if declarator is None or toks.kinds[declarator] != IDENT:
        return []
    end = declarator
    k = syntax.next_code(declarator)
    while k is not None and toks.raw(k) == b"[":
        close = syntax.partner_of(k)
        if close is None:
            return []
        end = close
        k = syntax.next_code(close)
    if k is None or toks.raw(k) != b";":
        return []
    name = toks.raw(declarator)
    storage = name + b"_hipify_py_storage"
    return [Edit(toks.start(type_start), toks.start(type_start), _STORAGE.encode() + b"<",
                 "device_checks"),
            Edit(toks.start(declarator), toks.end(declarator), b"", "device_checks"),
            Edit(toks.end(end), toks.end(end), b"> " + storage + b"; auto &" + name + b" = "
                 + storage + b".value", "device_checks")]
