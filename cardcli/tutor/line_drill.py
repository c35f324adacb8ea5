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
from cardcli.tutor.line_problems import LineProblem, cards_text, next_moment, problem, verdict_lines


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


def board_lines(view: Any, charset: Any) -> list[Any]:
    """The game's table from ``view`` without its rubber header (a drill is always the first hand of
    a fresh rubber), and the tricks before the one the table shows: the play so far, all public."""
    from cardcli.engine.cards import format_card
    from cardcli.games.bridge.view import render_view

    lines = render_view(view, charset)[1:]
    names = view.names
    earlier = view.tricks if view.trick else view.tricks[:-1]
    for n, (leader, cards, winner) in enumerate(earlier, 1):
        row: list[tuple[str, str]] = [("label", _("Trick {n}: ").format(n=n))]
        for i, card in enumerate(cards):
            row += [("", f"{names[(leader + i) % 4]} "), (f"card suit-{card[1]}", format_card(card, charset)), ("", "  ")]
        row.append(("dim", _("won by {w}").format(w=names[winner])))
        lines.insert(len(lines) - 1, row)
    return lines


def line_exercise(seed: str) -> Exercise:
    from cardcli.games.bridge import dds
    from cardcli.tutor.model import LessonError

    if not dds.available():
        raise LessonError(_("the line drill rates each card double dummy: it needs endplay (pip install 'cardcli[dds]')"))
    return moment_exercise(problem(seed))


def moment_exercise(p: LineProblem) -> Exercise:
    """One key moment of a problem as a drill item; once answered, play goes on to the deal's next
    key moment (:func:`~cardcli.tutor.line_problems.next_moment`), asked as the item's next moment."""
    from cardcli.games.bridge.view import contract_text

    view = p.view()
    names = view.names
    where = _("from dummy ({seat})").format(seat=names[p.mover]) if p.mover != view.seat else _("from your hand")

    def board(console: Any) -> None:
        console.print_lines(board_lines(p.view(), console.charset))

    def judge(text: str) -> tuple[bool, list[str]]:
        return verdict_lines(p, read_card(p, text))

    def follow(text: str) -> Exercise | None:
        nxt = next_moment(p, read_card(p, text))
        return moment_exercise(nxt) if nxt is not None else None

    question = _("{contract}: you need {need} more tricks. Which card do you play {where}?").format(
        contract=contract_text(view.contract, "ascii", names), need=p.need, where=where
    )
    if p.moment > 1:
        question = _("Next key moment (trick {n}). {question}").format(n=len(view.tricks) + 1, question=question)
    return Exercise(question, cards_text(p.best), "", board=board, judge=judge, follow=follow)
