"""``play --coach``: after each move of yours that the coach would not have made, one line.

The coach is the game's strongest bot (the default bot, the one ``hint`` asks),
asked before the move from the mover's view only, with the stream ``hint`` would
use, so the coach, ``hint`` and the review agree. A remark is kept in the replay
as a ``coach`` annotation (counted like hints).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardcli.i18n import _
from cardcli.replay.model import Annotation


@dataclass(frozen=True)
class Advice:
    seat: int
    hand: int
    ply: int
    """Moves made in the hand before the move the advice is about."""
    notation: str
    reason: str


def advise(session: Any, seat: int) -> Advice | None:
    """The coach's move for ``seat`` now (None when there is no choice to make)."""
    legal = session.legal_moves()
    if len(legal) < 2:
        return None
    game = session.game
    bot = game.bots[game.default_bot]()
    view = game.view(session.state, seat)
    rng = session.bot_rng(seat)
    if hasattr(bot, "advise"):
        move, why = bot.advise(view, legal, rng)
    else:
        move, why = bot.choose(view, legal, rng), ""
    return Advice(seat, len(session.hands), session.ply, game.format_move(move), str(why))


def remark(session: Any, advice: Advice) -> str | None:
    """The coach's line about the move just made after ``advice`` (None: it made the same move)."""
    hand = session.hands[advice.hand - 1] if 0 < advice.hand <= len(session.hands) else None
    if hand is None or len(hand.moves) <= advice.ply:
        return None
    played = hand.moves[advice.ply]
    if played.seat != advice.seat or played.move == advice.notation:
        return None
    text = _("coach: I would have played {move}").format(move=advice.notation)
    if advice.reason:
        text += " — " + advice.reason
    session.annotate(Annotation(hand=advice.hand, ply=advice.ply + 1, kind="coach",
                                text=f"{played.move} -> {advice.notation}"))
    return text
