"""Quizzes of a lesson: whether an answer is right, names one of the choices, and what to say.

An answer is right when it is the computed answer in any of its spellings (a choice's letter or
number, its words in either language, a card in any notation), or, for a move asked as an answer,
the same move; a slip that picks none of the choices is told so and is no mistake.
Functions of the running :class:`~cardcli.tutor.runner.LessonController` (kept apart so the
controller stays about steps and moves).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardcli.engine.verdict import MoveError
from cardcli.i18n import _
from cardcli.tutor.answers import card_reader, choice_of, normalize, same_answer
from cardcli.tutor.model import Quiz

if TYPE_CHECKING:
    from cardcli.tutor.runner import LessonController


def card_parser() -> Callable[[str], str]:
    """The card reader answers are compared with (any notation a learner may type)."""
    from cardcli.engine.cards import parse_card

    return parse_card


def answer(c: LessonController, step: Quiz, text: str) -> None:
    c.told = []
    if is_right(c, step, text):
        c.console.say(_("Right."), "ok")
        c.release()
        c.tell(step.explain)
        c.next()
        return
    if step.choices and not names_a_choice(c, step, text):
        last = chr(96 + len(step.choices))
        c.console.error(_("That is none of the choices: answer a letter from a to {last}, or type a choice.").format(last=last))
        return
    c.mistakes += 1
    c.console.error(_("Not quite."))
    rule = c.game.rulebook.get(step.tests) if step.tests else None
    if rule is not None:
        c.console.say(c.game.rulebook.explain(step.tests), "hint")
    elif step.hints:
        c.console.say(c.t(step.hints[0]), "hint")
    c.console.say(_("Try again; `hint` helps more each time."), "dim")


def names_a_choice(c: LessonController, step: Quiz, text: str) -> bool:
    """Whether ``text`` picks one of the quiz's choices (a letter, a number, a choice's words in
    either language): a typing slip that picks none is told so, not counted as a mistake."""
    if choice_of(text, step.choices) is not None:
        return True
    reader = card_reader(card_parser())
    return any(same_answer(text, x, card=reader) or same_answer(text, c.t(x), card=reader) for x in step.choices)


def is_right(c: LessonController, step: Quiz, text: str) -> bool:
    chosen = choice_of(text, step.choices) if step.choices else None
    shown = {normalize(c.t(x)): x for x in step.choices}  # a choice typed as shown, translated
    given = chosen if chosen is not None else shown.get(normalize(text), text)
    want = c.correct_answer(step)
    if same_answer(given, want, card=card_reader(card_parser()), either_sign=step.either_sign):
        return True
    try:
        return bool(
            c.game.format_move(c.game.parse_typed(c.session.state, given))
            == c.game.format_move(c.game.parse_typed(c.session.state, want))
        )
    except (MoveError, ValueError):
        return False
