"""Computed quiz answers every game may ask (see :mod:`cardcli.tutor.compute`); a game's own quiz words
are its tutor module's ``COMPUTES`` (:attr:`cardcli.engine.teaching.Teaching.tutor_module`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.tutor.model import LessonError


def _allowed(session: Any, arg: str) -> str:
    try:
        move = session.game.parse_move(arg)
    except ValueError:
        raise LessonError(f"{arg!r} is not a {session.game.name} move") from None
    return "yes" if session.game.check(session.state, move).ok else "no"


def numbers(arg: str, what: str) -> list[int]:
    try:
        return [int(x) for x in arg.split()]
    except ValueError:
        raise LessonError(f"{what} needs whole numbers, not {arg!r}") from None


def _total(session: Any, arg: str) -> str:
    """The running total of the learner's side (``total``) or of side N (``total 2``)."""
    from cardcli.tutor.compute import side_of

    totals = session.state.totals
    side = int(arg) - 1 if arg.strip().isdigit() else side_of(session, session.human_seats[0])
    if not 0 <= side < len(totals):
        raise LessonError(f"there is no side {arg!r}")
    return str(totals[side])


GAME_COMPUTES: dict[str, Callable[[Any, str], str]] = {"allowed": _allowed, "total": _total}
