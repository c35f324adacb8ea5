"""Computed quiz answers for burraco, canasta and eleusis (see :mod:`cardcli.tutor.compute`)."""

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


def _meld_at(session: Any, arg: str) -> Any:
    melds = session.state.melds
    if not arg.strip().isdigit() or not 1 <= int(arg) <= len(melds):
        raise LessonError(f"there is no meld {arg!r} on the table ({len(melds)} melds)")
    return melds[int(arg) - 1]


def _burraco_kind(session: Any, arg: str) -> str:
    if session.game.name != "burraco":
        raise LessonError("`burraco N` is a burraco question")
    from cardcli.games.burraco.table import burraco_kind

    kind = burraco_kind(_meld_at(session, arg), session.config)
    if kind is None:
        return "none"
    return "semi-clean" if kind == "semiclean" else str(kind)


def _canasta_kind(session: Any, arg: str) -> str:
    """Canasta keeps melds per side: N counts the learner's side's melds in the order they were laid."""
    if session.game.name != "canasta":
        raise LessonError("`canasta N` is a canasta question")
    from cardcli.games.canasta.tablemelds import canasta_kind
    from cardcli.tutor.compute import side_of

    melds = session.state.melds[side_of(session, session.human_seats[0])]
    if not arg.strip().isdigit() or not 1 <= int(arg) <= len(melds):
        raise LessonError(f"there is no meld {arg!r} of your side ({len(melds)} melds)")
    return str(canasta_kind(melds[int(arg) - 1]) or "none")


def _canasta_value(session: Any, arg: str) -> str:
    """Canasta: the card points of the cards named (``value A A A`` → 60), read as a meld's cards."""
    if session.game.name != "canasta":
        raise LessonError("`value CARDS` is a canasta question")
    from cardcli.games.canasta.tokens import tokens_value

    try:
        move = session.game.parse_move(f"meld {arg}")
    except ValueError:
        raise LessonError(f"{arg!r} are not canasta cards") from None
    return str(tokens_value(move.cards, session.config.black3_value))


def _numbers(arg: str, what: str) -> list[int]:
    try:
        return [int(x) for x in arg.split()]
    except ValueError:
        raise LessonError(f"{what} needs whole numbers, not {arg!r}") from None


def _red_threes(session: Any, arg: str) -> str:
    if session.game.name != "canasta":
        raise LessonError("`red-threes` is a canasta question")
    from cardcli.games.canasta.scoring import red_three_points

    nums = _numbers(arg, "red-threes")
    if len(nums) != 3:
        raise LessonError("red-threes needs N CLEAN DIRTY")
    return str(red_three_points(nums[0], nums[1], nums[2], session.config))


def _dealer_score(session: Any, arg: str) -> str:
    from cardcli.games.eleusis.scoring import dealer_score

    nums = _numbers(arg, "dealer-score")
    if len(nums) < 2:
        raise LessonError("dealer-score needs the wrong cards of two players or more")
    return str(dealer_score(nums))


def _player_scores(session: Any, arg: str) -> str:
    from cardcli.games.eleusis.scoring import fmt, player_scores

    nums = _numbers(arg, "player-scores")
    if len(nums) < 2:
        raise LessonError("player-scores needs the cards of two players or more")
    return " ".join(fmt(x) for x in player_scores(nums))


def _explains(session: Any, arg: str) -> str:
    """Eleusis: ``yes`` if the hypothesis RULE agrees with every card played so far (what ``guess RULE``
    tells the learner, from the learner's view only)."""
    if session.game.name != "eleusis":
        raise LessonError("`explains RULE` is an eleusis question")
    from cardcli.games.eleusis.commands import check_hypothesis
    from cardcli.games.eleusis.language import RuleError

    try:
        ok, _why = check_hypothesis(session.view(session.human_seats[0]), arg)
    except RuleError as err:
        raise LessonError(f"explains: {err.one_line()}") from None
    return "yes" if ok else "no"


def _phase_two(session: Any, arg: str) -> str:
    """Eleusis: how phase two went in the hand just finished, in a word for a lesson text ("In this hand
    phase two was {phase-two}"): ``played``, or ``skipped`` (a player ended phase one with no wrong card,
    or the option ``phase_two=false``). Whether it is played depends on the rule and the play, so a text
    must not say it by hand."""
    from cardcli.i18n import _

    if session.game.name != "eleusis":
        raise LessonError("`phase-two` is an eleusis question")
    res = session.results[-1] if session.results else None
    if res is None:
        raise LessonError("the hand is not over, so phase two has not ended yet")
    return _("skipped") if res.detail.get("ended") in ("skipped", "phase-one") else _("played")


def _total(session: Any, arg: str) -> str:
    """The running total of the learner's side (``total``) or of side N (``total 2``)."""
    from cardcli.tutor.compute import side_of

    totals = session.state.totals
    side = int(arg) - 1 if arg.strip().isdigit() else side_of(session, session.human_seats[0])
    if not 0 <= side < len(totals):
        raise LessonError(f"there is no side {arg!r}")
    return str(totals[side])


GAME_COMPUTES: dict[str, Callable[[Any, str], str]] = {
    "allowed": _allowed, "burraco": _burraco_kind, "canasta": _canasta_kind, "red-threes": _red_threes,
    "value": _canasta_value, "explains": _explains, "phase-two": _phase_two,
    "dealer-score": _dealer_score, "player-scores": _player_scores, "total": _total,
}
