"""Every right way to do a lesson's step, for the tests that hold the tutor to accepting them all.

For each move step of a lesson this lists what a learner might type that does
what the step asks: the lesson's move in other spellings (lower case, the cards
in another order, suit symbols), the same eleusis rule written another way (its
``or``/``and`` halves swapped), every legal move meeting the step's goal, and
every legal move the game rates at least as good as the lesson's. The walk
(:func:`walk`) plays the lesson as a demonstration and, at each move step, tries
each alternative on a copy of the position: the tutor must accept all of them
without counting a mistake.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass

from cardcli.tutor import catalog
from cardcli.tutor.forks import controller_on, place_copy
from cardcli.tutor.model import Lesson, LessonError, Move
from cardcli.tutor.runner import LessonController
from cardcli.ui.console import Console

_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD = re.compile(r"^(?:10|[2-9TJQKA])[SHDC]$|^JK$", re.IGNORECASE)


@dataclass(frozen=True)
class Trial:
    step: int
    text: str
    why: str
    """``spelling``, ``order``, ``symbols``, ``rule``, ``goal`` or ``rated``."""
    accepted: bool
    mistakes: int
    kind: str = ""


def spellings(text: str) -> list[tuple[str, str]]:
    """The lesson's move in other words: ``(text, why)``."""
    out: list[tuple[str, str]] = [(text.lower(), "spelling")]
    words = text.split()
    cards = [i for i, w in enumerate(words) if _CARD.match(w)]
    if len(cards) >= 2:
        swapped = list(words)
        order = [words[i] for i in cards][::-1]
        for i, w in zip(cards, order):
            swapped[i] = w
        out.append((" ".join(swapped), "order"))
    if cards:
        out.append((" ".join(_symbols(w) if _CARD.match(w) else w for w in words), "symbols"))
    if words and words[0] == "rule" and " or " in text and text.count(" or ") == 1 and " and " not in text:
        head, body = text.split(":", 1)
        left, right = body.split(" or ")
        out.append((f"{head}: {right.strip()} or {left.strip()}", "rule"))
    return _unique(out, text)


def _unique(items: list[tuple[str, str]], original: str) -> list[tuple[str, str]]:
    seen = {original}
    out = []
    for t, w in items:
        if t not in seen:
            seen.add(t)
            out.append((t, w))
    return out


def _symbols(card: str) -> str:
    if card.upper() == "JK":
        return card
    return card[:-1].upper().replace("T", "10") + _SYMBOL[card[-1].upper()]


def candidates(ctl: LessonController, step: Move) -> list[tuple[str, str]]:
    """What a learner might type at ``step`` that does what it asks (the lesson's own move left out)."""
    out: list[tuple[str, str]] = []
    if step.expect:
        out += spellings(step.expect[0])
    judge = ctl.judge()
    game, state = ctl.game, ctl.session.state
    legal = ctl.session.legal_moves()
    shown = {game.format_move(m) for m in judge.expected(step)}
    wrong = {game.format_move(m) for m in legal if judge.listed_wrong(step, m)}
    if step.goal or step.match:
        out += [(game.format_move(m), "goal") for m in legal if judge.meets_goal(step, m)]
    exp = judge.expected(step)
    best = [r for r in (game.rate_move(state, e, ctl.learner) for e in exp) if r is not None]
    if best:
        floor = max(r.value for r in best)
        for m in legal:
            r = game.rate_move(state, m, ctl.learner)
            if r is not None and r.value >= floor and (r.sure or game.format_move(m) not in wrong):
                out.append((game.format_move(m), "rated"))
    return [(t, w) for t, w in _unique(out, "") if t not in shown]


def walk(lesson: Lesson, course: str, lesson_id: str) -> Iterator[Trial]:
    """Play the lesson; at each move step, try every alternative on a copy and say how it went."""
    out = io.StringIO()
    ctl = LessonController(
        catalog.build_session(lesson, course, lesson_id),
        Console(out=out, err=out, charset="ascii"),
        lesson,
        course,
        lesson_id,
        record=False,
    )
    ctl.run()
    while not ctl.done:
        step, index = ctl.step, ctl.index
        if isinstance(step, Move) and not step.invite:
            for text, why in candidates(ctl, step):
                yield _try(ctl, text, why)
        try:
            ctl.solve(step)
        except LessonError as err:
            ctl.fail(str(err))
        if not ctl.done:
            ctl.run()
        if ctl.failure:
            raise AssertionError(f"{course}/{lesson_id}: {ctl.failure}")
        assert ctl.index != index or ctl.done or ctl.waiting, "the walk made no progress"


def fork_of(ctl: LessonController) -> tuple[LessonController, io.StringIO]:
    """A learner's controller on a copy of ``ctl``'s place, waiting at the same step (what it prints
    goes to the returned buffer): a try there leaves the walk's own controller as it was."""
    fork, out = controller_on(ctl, place_copy(ctl), set(ctl.skipped))
    fork.run()
    return fork, out


def _try(ctl: LessonController, text: str, why: str) -> Trial:
    fork, out = fork_of(ctl)
    before = (fork.index, len(fork.skipped))
    fork.handle(text)
    moved = (fork.index, len(fork.skipped)) != before or fork.done
    return Trial(ctl.index + 1, text, why, moved and fork.mistakes == 0, fork.mistakes)


def invited(ctl: LessonController, step: Move) -> list[str]:
    """The moves a step invites the learner to try (each must cost no mistake)."""
    tries = [w.move for w in step.wrong if w.invited]
    if step.invite:
        tries += [ctl.game.format_move(m) for m in ctl.session.legal_moves()[:5]]
    return tries
