"""The analyses a game names for ``cardcli review`` (:attr:`cardcli.engine.game.Game.review_analyser`).

Each takes one call shape, ``(match, tape, seats, review)``, so that :func:`cardcli.review.review.review_tape`
asks the game which one follows the common sections instead of knowing the games; a new game names
one of these (or a function of its own with the same shape) and needs no edit here.
"""

from __future__ import annotations

from typing import Any

from cardcli.review.collect import HandTape
from cardcli.review.model import HandReview


def decisions(match: Any, tape: HandTape, seats: tuple[int, ...], review: HandReview) -> None:
    """The decisions where the game's strongest bot differs (rummy, burraco, canasta, a new game)."""
    from cardcli.review import decisions as analysis

    analysis.analyse(match.game, match.config, match.players, match.first_dealer, match.seed, match.names, tape, review)


def double_dummy(match: Any, tape: HandTape, seats: tuple[int, ...], review: HandReview) -> None:
    """Bridge: the double-dummy section."""
    from cardcli.review import bridge

    bridge.analyse(tape, seats, review)


def bridge_summary(match: Any, tape: HandTape) -> list[str]:
    """Bridge: the auction and the contract's outcome, as the "what happened" lines."""
    from cardcli.review import bridge

    return bridge.summary(tape, match.game)


def mainline(match: Any, tape: HandTape, seats: tuple[int, ...], review: HandReview) -> None:
    """Eleusis: the mainline with the rule."""
    from cardcli.review import eleusis

    eleusis.analyse(tape, match.names, review)
