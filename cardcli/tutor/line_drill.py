"""The line drill as a drill item: the table from declarer's view, the question, and the judge.

:mod:`cardcli.tutor.line_problems` makes and rates the problem; this module only shows it (the
game's own table renderer, from South's view: dummy and the cards played, never a defender's
hand) and reads the learner's card through the session's own move reader, so a card not held or
not legal gets the same one-line reason as at the table.
"""

from __future__ import annotations

from typing import Any

from cardcli.i18n import _
from cardcli.tutor.drills import Exercise
from cardcli.tutor.line_problems import LineProblem, cards_text, problem, verdict_lines


def read_card(p: LineProblem, text: str) -> str:
    """The card ``text`` names, if it is one the hand to play may play now; else ``ValueError``."""
    from cardcli.engine.verdict import MoveError
    from cardcli.games.bridge import moves as mv

    try:
        move = p.session.resolve(text.strip(), remember=False)
    except MoveError as err:
        raise ValueError(str(err)) from None
    if not isinstance(move, mv.Play):
        raise ValueError(_("choose a card to play (for example {card})").format(card=p.best.card))
    return str(move.card)


def line_exercise(seed: str) -> Exercise:
    from cardcli.games.bridge.view import contract_text, render_view

    p = problem(seed)
    view = p.view()
    names = view.names
    who = _("{seat} (dummy)").format(seat=names[p.mover]) if p.mover != view.seat else _("you")

    def board(console: Any) -> None:
        console.print_lines(render_view(p.view(), console.charset))

    def judge(text: str) -> tuple[bool, list[str]]:
        return verdict_lines(p, read_card(p, text))

    question = _("{contract}: you need {need} more tricks. Which card for {who}?").format(
        contract=contract_text(view.contract, "ascii", names), need=p.need, who=who)
    return Exercise(question, cards_text(p.best), "", board=board, judge=judge)
