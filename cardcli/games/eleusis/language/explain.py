"""Which clause of a rule decided a card: the review marks every card of the mainline with it.

:func:`deciding_clause` walks a rule's acceptance expression for one card in one
position, the way the evaluator judged it (left to right, with short-circuits):
an ``or`` that accepted the card names the disjunct that was true, an ``and``
that refused it names the conjunct that was false, an ``if`` names the branch
its condition chose. Anything else is its own clause. :func:`why_card` says it
in a sentence with the values the clause compared (``color(5H) = red``), so a
learner sees *why* the rule judged the card as it did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.language.ast import CARD, Node
from cardcli.games.eleusis.language.evaluator import CompiledRule, Ctx, RState, _fn, truth
from cardcli.games.eleusis.language.printer import expr_text
from cardcli.i18n import _


@dataclass(frozen=True)
class Clause:
    """The part of a rule that decided one card."""

    text: str
    """The clause in rule notation (with the conditions of the branches taken, ``cond => clause``)."""
    accepted: bool
    undefined: bool = False
    """The card was accepted because the clause looks at a card not on the mainline yet."""
    nodes: tuple[Node, ...] = ()
    """The conditions of the branches taken, then the clause itself (what :func:`why_card` reads)."""


Path = tuple[tuple[str, Node], ...]


def _walk(n: Node, ctx: Ctx, bit: int, path: Path) -> tuple[Node, Path]:
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
        return _walk(x if taken else y, ctx, bit, path + ((step, cond),))
    return n, path


def deciding_clause(rule: CompiledRule, st: RState, card: int) -> Clause:
    """The clause of ``rule`` that accepted or refused ``card`` (a deck index) in state ``st``."""
    mode = st[0]
    node = rule.accept_nodes[mode]
    ctx = CompiledRule.ctx_of(st)
    bit = D.BIT[card]
    t, u = truth(node, ctx)
    found, path = _walk(node, ctx, bit, ())
    text = " => ".join(tuple(step for step, _cond in path) + (expr_text(found),))
    name = rule.modes[mode]
    if name:
        text = f"[{name}] {text}"
    return Clause(text, bool((t | u) & bit), bool(truth(found, ctx)[1] & bit), tuple(cond for _step, cond in path) + (found,))


def _value(v: Any) -> str:
    if v is True or v is False:
        return "true" if v else "false"
    return str(v)


def card_values(nodes: tuple[Node, ...], cards: dict[str, int], place: int) -> list[str]:
    """``f(CARD) = value`` for every function the nodes apply to a card on hand (``c``, ``p1``, ``p2``),
    and ``phase(m) = value`` for the candidate's place on the mainline (``place`` modulo the rule's
    period), each once, in the order written: what the clause compared."""
    out: list[str] = []

    def visit(n: Node) -> None:
        line = ""
        if n.op == "call" and n.args[0].op == "ref" and n.args[0].val in cards:
            index = cards[n.args[0].val]
            line = f"{n.val}({D.CARDS[index]}) = {_value(_fn(n.val, CARD)(index))}"
        elif n.op == "phase":
            line = f"phase({n.val}) = {place % n.val}"
        if line and line not in out:
            out.append(line)
        for a in n.args:
            visit(a)

    for n in nodes:
        visit(n)
    return out


def why_card(rule: CompiledRule, st: RState, card: int) -> str:
    """One sentence on why ``rule`` accepts or refuses ``card`` in state ``st``: the deciding clause
    and the values it compared."""
    clause = deciding_clause(rule, st, card)
    _mode, p2, p1, place = st
    cards = {"c": card} | ({"p1": p1} if p1 >= 0 else {}) | ({"p2": p2} if p2 >= 0 else {})
    if clause.undefined:
        return _("right anyway: `{clause}` looks at a card the mainline does not have yet").format(clause=clause.text)
    values = "; ".join(card_values(clause.nodes, cards, place))
    line = (_("right: `{clause}` holds") if clause.accepted else _("wrong: `{clause}` fails")).format(clause=clause.text)
    return f"{line} ({values})" if values else line
