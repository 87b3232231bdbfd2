"""cuBLASLt's scale type set again to what the descriptor was created with: the call goes
(HPY171).

`cublasLtMatmulDescCreate(&desc, compute, CUDA_R_32F)` fixes the scale type, and
`cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &t, sizeof(t))` may set
it again (karpathy/llm.c sets CUDA_R_32F twice). hipBLASLt takes the scale type only at
creation: it has no such attribute, so the call does not compile (HPY108). Where the value set
is the one the descriptor was created with, the call changes nothing and becomes
HIPBLAS_STATUS_SUCCESS, what it returned, so a status check around it still reads.

Made only where the whole story is in one function body: a descriptor created there, the
value a local of a data type initialised with a name and neither assigned again nor passed
elsewhere by address. Anything else stays an error on its line (the table's HPY108).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from hipify_py.engine.edits import Edit
from hipify_py.engine.parsing import COMMENT
from hipify_py.engine.rules.base import Context, RuleOutput, function_block, identifier_tokens
from hipify_py.reporting.diagnostics import Finding

_KEY = "blaslt_scale_type"
_ATTRIBUTE = re.compile(rb"\bCUBLASLT_MATMUL_DESC_SCALE_TYPE\b")
_SETTER = b"cublasLtMatmulDescSetAttribute"
_CREATE = re.compile(rb"\bcublasLtMatmulDescCreate\s*\(\s*&\s*(\w+)\s*,[^,;]*,\s*(\w+)\s*\)")
_DATA_TYPES = rb"(?:cublasDataType_t|cudaDataType_t|cudaDataType|cublasLtDataType_t)"
_SUCCESS = b"HIPBLAS_STATUS_SUCCESS"


class Plan(NamedTuple):
    handled: frozenset[int]  # token indexes no other rule may rename or report
    outputs: tuple[RuleOutput, ...]


def scale_type_plan(ctx: Context) -> Plan:
    """Which scale-type calls go. Computed once per file; the identifiers rule asks which
    tokens are taken care of here."""
    found = ctx.memo.get(_KEY)
    if found is None:
        found = _plan(ctx) if b"CUBLASLT_MATMUL_DESC_SCALE_TYPE" in ctx.data else Plan(
            frozenset(), ())
        ctx.memo[_KEY] = found
    return found


def drop_redundant_scale_types(ctx: Context) -> Iterator[RuleOutput]:
    yield from scale_type_plan(ctx).outputs


def _plan(ctx: Context) -> Plan:
    toks = ctx.parsed.tokens
    syntax = ctx.syntax
    handled: set[int] = set()
    outputs: list[RuleOutput] = []
    for i in identifier_tokens(ctx, _ATTRIBUTE):
        if ctx.keeps_names(toks.start(i)):
            continue
        opening = syntax.enclosing_bracket(i)
        name = syntax.prev_code(opening) if opening is not None else None
        if name is None or toks.raw(name) != _SETTER:
            continue
        call = syntax.call_at(name)
        if call is None or len(call.args) != 4 or call.args[1].first != i or call.args[1].last != i:
            continue
        desc, value = (syntax.code_text(call.args[k], b"") for k in (0, 2))
        block = function_block(ctx, name)
        if block is None or not value.startswith(b"&"):
            continue
        body = (block[0], block[1] + 1)
        local = re.escape(value[1:])
        text = b" ".join(toks.raw(k) for k in range(*body) if toks.kinds[k] != COMMENT)
        declared = re.search(rb"\b" + _DATA_TYPES + rb"\s+" + local + rb"\s*=\s*(\w+)\s*;", text)
        assigned = len(re.findall(rb"\b" + local + rb"\s*=(?!=)", text))
        addressed = len(re.findall(rb"&\s*" + local + rb"\b", text))  # only by such calls:
        addressed -= len(re.findall(rb"\bCUBLASLT_MATMUL_DESC_SCALE_TYPE\s*,\s*&\s*" + local + rb"\b", text))
        created = [m for m in _CREATE.finditer(text) if m.group(1) == desc]
        if (declared is None or assigned != 1 or addressed != 0 or len(created) != 1
                or created[0].group(2) != declared.group(1)):
            continue
        start, end = toks.start(name), toks.end(call.close_index)
        handled.update(range(name, call.close_index + 1))
        outputs.append(Edit(start, end, b"", _KEY, (_SUCCESS,)))  # what inside it does goes too
        scale = declared.group(1).decode()
        outputs.append(Finding(
            "HPY171", start, toks.end(name),
            f"{_SETTER.decode()}(..., CUBLASLT_MATMUL_DESC_SCALE_TYPE, ...) sets the scale type "
            f"the descriptor was created with ({scale}); hipBLASLt takes it only at creation, so "
            f"the call, which changes nothing, becomes {_SUCCESS.decode()}",
            _SETTER.decode(), None, "cublas"))
    return Plan(frozenset(handled), tuple(outputs))
