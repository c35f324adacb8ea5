"""A hand's review: the hands as dealt, what happened, the score explained, the costly decisions.

:func:`review_tape` turns one folded hand (:class:`~cardcli.review.collect.HandTape`)
into a :class:`~cardcli.review.model.HandReview`; the game decides which analysis
follows the common sections (bridge: double dummy; rummy, burraco, canasta: the
decisions where the strongest bot differs; eleusis: the mainline with the rule).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardcli.engine.cards import Charset
from cardcli.engine.game import Game
from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext
from cardcli.review.collect import HandTape
from cardcli.review.model import HandReview, Note, Section


@dataclass
class Match:
    """What the review needs to know about the match besides the hand."""

    game: Game[Any, Any, Any, Any]
    config: Any
    players: int
    first_dealer: int
    seed: str
    names: list[str]


def review_tape(match: Match, tape: HandTape, seats: tuple[int, ...], charset: Charset = "ascii") -> HandReview:
    game = match.game
    review = HandReview(tape.hand, seats)
    review.sections.append(
        Section(_("Hand {n} as dealt").format(n=tape.hand), drawn=game.render(game.full_view(tape.start), charset))
    )
    review.sections.append(Section(_("What happened"), summary(match, tape)))
    if tape.result is not None:
        score = game.explain_result(tape.result, match.config, match.players, tape.start.results)
        review.sections.append(Section(_("The score"), score, score=True))
        review.notes.append(Note(len(tape.moves), _("score: ") + " · ".join(line.strip() for line in score[:3])))
    _named(game.review_analyser)(match, tape, seats, review)
    return review


def _named(target: str) -> Any:
    """The function a game names as ``module:function`` (its review hooks)."""
    import importlib

    module, _sep, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def summary(match: Match, tape: HandTape) -> list[str]:
    """What happened, in a few lines."""
    game = match.game
    if game.review_summary is not None:
        told: list[str] = _named(game.review_summary)(match, tape)
        return told
    lines = []
    tally: dict[int, Counter[str]] = {}
    for s in tape.steps:
        if s.secret:
            continue
        tally.setdefault(s.seat, Counter())[s.notation.split()[0]] += 1
    for seat in sorted(tally):
        kinds = ", ".join(f"{n} {kind}" for kind, n in tally[seat].most_common())
        lines.append(f"{safe(match.names[seat])}: {kinds}")
    if tape.steps:
        last = tape.steps[-1]
        n = len(tape.steps)
        lines.append(
            ngettext("{n} move; the last: {what}", "{n} moves; the last: {what}", n).format(
                n=n, what=game.narrate(last.outcome, None)
            )
        )
    return lines
