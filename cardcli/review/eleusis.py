"""The eleusis review: the final mainline and its sidelines with the revealed rule, each card
marked with the clause that accepted or refused it (:mod:`cardcli.games.eleusis.language.explain`)."""

from __future__ import annotations

from cardcli.engine.text import safe
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.language.explain import Clause, deciding_clause
from cardcli.i18n import _
from cardcli.review.collect import HandTape
from cardcli.review.model import HandReview, Note, Section


def clauses(tape: HandTape) -> list[tuple[int, Clause]]:
    """(attempt number, clause) for every card played in the hand, in play order."""
    end = tape.end
    rule = end.rule
    if rule is None or not end.mainline:
        return []
    st = rule.start(D.INDEX[end.mainline[0]])
    out = []
    for i, a in enumerate(end.attempts):
        card = D.INDEX[a.card]
        clause = deciding_clause(rule, st, card)
        out.append((i, clause))
        if a.accepted:
            st = rule.step(st, card)
    return out


def analyse(tape: HandTape, names: list[str], review: HandReview) -> None:
    end = tape.end
    title = _("The mainline, with the rule")
    if end.rule is None:
        review.sections.append(Section(title, [_("no rule was written in this hand")]))
        return
    found = clauses(tape)
    legend: dict[str, int] = {}

    def mark(clause: Clause) -> str:
        n = legend.setdefault(clause.text, len(legend) + 1)
        return f"[{n}]"

    rights: dict[int, str] = {}
    wrongs: dict[int, list[str]] = {}
    for (_i, clause), a in zip(found, end.attempts):
        word = _("right") if a.accepted else _("wrong")
        if clause.undefined:
            word += "*"
        cell = f"{a.card} {word} {mark(clause)}"
        if clause.accepted != a.accepted:  # cannot happen for a rule the engine judged with: say so loudly
            cell += " (?)"
        if a.accepted:
            rights[a.pos] = cell
        else:
            wrongs.setdefault(a.pos, []).append(cell)
    lines = [_("The rule: {rule}").format(rule=safe(end.rule_text))]
    for pos, card in enumerate(end.mainline):
        main = _("{card} starter").format(card=card) if pos == 0 else rights.get(pos, card)
        lines.append(f"  {pos:>3}. {main}")
        side = wrongs.get(pos + 1)
        if side:
            lines.append("        " + _("sideline: ") + ", ".join(side))
    lines.append(_("Clauses:"))
    lines.extend(f"  [{n}] {text}" for text, n in legend.items())
    if any(c.undefined for _i, c in found):
        lines.append(_("  * accepted because the clause looks at a card not on the mainline yet"))
    review.figures["clauses"] = found
    review.sections.append(Section(title, lines))
    review.notes.append(
        Note(
            len(tape.moves),
            _("the rule was {rule}; the mainline: {cards}").format(rule=safe(end.rule_text), cards=" ".join(end.mainline)),
        )
    )
