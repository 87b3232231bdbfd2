"""Declarations found from tokens: the type a name was declared with, where it is visible.

Function bodies are not parsed (parsing.py skips them), so a rule that needs a local variable's
type reads the declaration from the tokens: the nearest occurrence of the name before the use
that reads as `TYPE WORDS name` followed by `;`, `=`, `,`, `)`, `[` or `{`, in scope at the use.
Anything unclear gives None, and the caller then assumes nothing.
"""

from __future__ import annotations

import bisect

from hipify_py.engine.parsing import IDENT, KEYWORD
from hipify_py.engine.rules.base import Context

_MEMO = "declarations"  # Context.memo key: name -> its declarations
_DECLARATOR_END = frozenset({b";", b"=", b",", b")", b"[", b"{"})
# What may precede a declaration's first word (a statement, block or parameter list begins)
_BEFORE_DECLARATION = frozenset({b";", b"{", b"}", b"(", b","})
# Words before a name that make it a use, not a declaration (`return n;`, `case N:`)
_NOT_TYPE_WORDS = frozenset({b"return", b"case", b"goto", b"else", b"do", b"sizeof", b"throw",
                             b"delete", b"new", b"co_return", b"co_yield", b"typedef", b"using",
                             b"namespace", b"decltype", b"alignof", b"operator"})


def declared_type(ctx: Context, use: int, before: int,
                  ends: frozenset[bytes] = _DECLARATOR_END) -> tuple[bytes, ...] | None:
    """The type words (`(b"const", b"int")`, `(b"void", b"*")`) of the declaration of the name
    at token `use` that is nearest before offset `before` and in scope there; None when there
    is none or it is unclear. `ends`: the tokens that may follow the declared name (b"(" finds
    a function's return type)."""
    found = _declarations(ctx, ctx.parsed.tokens.raw(use), ends)
    k = bisect.bisect_left(found, (ctx.parsed.tokens.index_at(before),))
    if not k:
        return None
    i, words, clear = found[k - 1]
    if not clear:
        return None
    scope = scope_of(ctx, i)
    return words if scope is not None and scope[0] <= before < scope[1] else None


def declarations_anywhere(ctx: Context, name: int) -> set[tuple[bytes, ...]]:
    """The type words of every declaration in the file of the name at token `name`, whatever
    its scope: for a struct member (`cfg.device`), whose struct is not looked up."""
    found = _declarations(ctx, ctx.parsed.tokens.raw(name), _DECLARATOR_END)
    return {words for _, words, clear in found if clear}


def _declarations(ctx: Context, name: bytes, ends: frozenset[bytes],
                  ) -> list[tuple[int, tuple[bytes, ...], bool]]:
    """(token, type words, clear) of each occurrence of name that reads as a declaration,
    in order: found once per file and name (each use asking would make a scan per use)."""
    memo: dict[tuple[bytes, frozenset[bytes]], list[tuple[int, tuple[bytes, ...], bool]]]
    memo = ctx.memo.setdefault(_MEMO, {})
    found = memo.get((name, ends))
    if found is not None:
        return found
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    found = []
    for i in syntax.identifier_index.get(name, []):
        after = syntax.next_code(i)
        if after is None or toks.raw(after) not in ends or syntax.directive_at(i) is not None:
            continue  # (a macro's body declares nothing)
        words, clear = _words_before(ctx, i)
        if words is not None:  # (else a use: `f(p)`, `&p`, `return p;`)
            found.append((i, words, clear))
    memo[(name, ends)] = found
    return found


def _words_before(ctx: Context, i: int) -> tuple[tuple[bytes, ...] | None, bool]:
    """The type words before the name at token i (None: it reads as a use, not a declaration),
    and whether what precedes them starts a declaration (a statement, block or parameter)."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    words: list[bytes] = []
    j = syntax.prev_code(i)
    while j is not None and (toks.kinds[j] in (KEYWORD, IDENT) or toks.raw(j) in (b"*", b"&")):
        words.append(toks.raw(j))
        j = syntax.prev_code(j)
    if not any(w not in (b"*", b"&") for w in words) or _NOT_TYPE_WORDS.intersection(words):
        return None, False
    clear = j is None or toks.raw(j) in _BEFORE_DECLARATION or in_directive(ctx, toks.start(j))
    return tuple(reversed(words)), clear


def in_directive(ctx: Context, offset: int) -> bool:
    line = ctx.data.rfind(b"\n", 0, offset) + 1
    return ctx.data[line:offset].lstrip().startswith(b"#")


def scope_of(ctx: Context, i: int) -> tuple[int, int] | None:
    """Byte range where a name declared at token i is visible: its block, the body after its
    parameter list, or the whole file."""
    toks, syntax = ctx.parsed.tokens, ctx.syntax
    j = syntax.enclosing_bracket(i)
    if j is None:
        return 0, len(ctx.data)
    if toks.raw(j) == b"{":
        close = toks.brace_partner(j)
        return (toks.start(j), toks.end(close)) if close is not None else None
    if toks.raw(j) != b"(":
        return None
    k = i  # a parameter: the function body after the list
    while k < len(toks.kinds) and toks.raw(k) != b"{":
        if toks.raw(k) == b";":
            return None  # a declaration without a body
        k += 1
    close = toks.brace_partner(k) if k < len(toks.kinds) else None
    return (toks.start(k), toks.end(close)) if close is not None else None
