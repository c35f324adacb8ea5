"""Which clause of a rule decided a card: the review marks every card of the mainline with it.

:func:`deciding_clause` walks a rule's acceptance expression for one card in one
position, the way the evaluator judged it (left to right, with short-circuits):
an ``or`` that accepted the card names the disjunct that was true, an ``and``
that refused it names the conjunct that was false, an ``if`` names the branch
its condition chose. Anything else is its own clause.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.language.ast import Node
from cardcli.games.eleusis.language.evaluator import CompiledRule, Ctx, RState, truth
from cardcli.games.eleusis.language.printer import expr_text


@dataclass(frozen=True)
class Clause:
    """The part of a rule that decided one card."""

    text: str
    """The clause in rule notation (with the conditions of the branches taken, ``cond => clause``)."""
    accepted: bool
    undefined: bool = False
    """The card was accepted because the clause looks at a card not on the mainline yet."""


def _walk(n: Node, ctx: Ctx, bit: int, path: tuple[str, ...]) -> tuple[Node, tuple[str, ...]]:
    t, u = truth(n, ctx)
    if u & bit:
        return n, path
    value = bool(t & bit)
    if n.op == "or" and value:
        a, b = n.args
        ta, _ua = truth(a, ctx)
        return _walk(a if ta & bit else b, ctx, bit, path)
    if n.op == "and" and not value:
        a, b = n.args
        ta, ua = truth(a, ctx)
        return _walk(b if (ta | ua) & bit else a, ctx, bit, path)
    if n.op == "if":
        cond, x, y = n.args
        tc, _uc = truth(cond, ctx)
        taken = bool(tc & bit)
        step = expr_text(cond) if taken else f"not ({expr_text(cond)})"
        return _walk(x if taken else y, ctx, bit, path + (step,))
    return n, path


def deciding_clause(rule: CompiledRule, st: RState, card: int) -> Clause:
    """The clause of ``rule`` that accepted or refused ``card`` (a deck index) in state ``st``."""
    mode = st[0]
    node = rule.accept_nodes[mode]
    ctx = CompiledRule.ctx_of(st)
    bit = D.BIT[card]
    t, u = truth(node, ctx)
    found, path = _walk(node, ctx, bit, ())
    text = " => ".join(path + (expr_text(found),))
    name = rule.modes[mode]
    if name:
        text = f"[{name}] {text}"
    return Clause(text, bool((t | u) & bit), bool(truth(found, ctx)[1] & bit))
