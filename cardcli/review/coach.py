"""``play --coach``: after each move of yours that the coach would not have made, one line.

The coach is the game's strongest bot (the default bot, the one ``hint`` asks),
asked before the move from the mover's view only, with the stream ``hint`` would
use, so the coach, ``hint`` and the review agree. A remark is kept in the replay
as a ``coach`` annotation (counted like hints).

In bridge the coach reports only what is certain: a card is remarked on only when double
dummy (all four hands, best play by everyone) says it lost a trick, and the remark says what
it cost ("this lost a trick: 9 instead of 10"); a bidding choice is never a certain loss, so
calls get no remark. Double dummy is DDS when the ``dds`` extra is installed, else cardcli's
own solver within its node budget (too big a position: no remark).
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
    move: Any = None
    tricks: dict[str, int] | None = None
    """Bridge: the tricks the mover's side ends with after each legal card, double dummy (None: a
    call, or a position too big to solve without DDS)."""
    certain_only: bool = False
    """Only a move double dummy faults is remarked on (bridge)."""


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
    bridge = game.name == "bridge"
    tricks = dd_tricks(session.state) if bridge else None
    return Advice(seat, len(session.hands), session.ply, game.format_move(move), str(why), move, tricks, bridge)


def dd_tricks(state: Any) -> dict[str, int] | None:
    """Bridge, in the play: per legal card, the tricks the side to play ends the hand with, double dummy."""
    from cardcli.games.bridge import dds, ddsolve

    if getattr(state, "phase", None) != "play" or state.contract is None:
        return None
    trump = None if state.contract.strain == "N" else state.contract.strain
    position = ([list(h) for h in state.hands], trump, state.leader, list(state.trick))
    try:
        scores = dds.solve([position])[0] if dds.available() else ddsolve.solve_position(*position)
    except ddsolve.Budget:
        return None
    won = state.won[state.turn % 2]
    return {card: won + n for card, n in scores.items()}


def remark(session: Any, advice: Advice, charset: Any = "ascii") -> str | None:
    """The coach's line about the move just made after ``advice`` (None: nothing to say)."""
    hand = session.hands[advice.hand - 1] if 0 < advice.hand <= len(session.hands) else None
    if hand is None or len(hand.moves) <= advice.ply:
        return None
    played = hand.moves[advice.ply]
    if played.seat != advice.seat or played.move == advice.notation and not advice.certain_only:
        return None
    game = session.game
    if advice.certain_only:
        return _certain_remark(session, advice, played.move, charset)
    move = advice.move if advice.move is not None else game.parse_move(advice.notation)
    text = _("coach: I would have chosen {move}").format(move=game.move_words(move, charset))
    if advice.reason:
        text += " — " + advice.reason
    session.annotate(Annotation(hand=advice.hand, ply=advice.ply + 1, kind="coach", text=f"{played.move} -> {advice.notation}"))
    return text


def _certain_remark(session: Any, advice: Advice, played: str, charset: Any) -> str | None:
    """Bridge: a line only when the card played lost a trick double dummy, with what it cost."""
    scores = advice.tricks
    card = played[5:] if played.startswith("play ") else None
    if scores is None or card is None or card not in scores:
        return None
    best = max(scores.values())
    got = scores[card]
    if got >= best:
        return None
    game = session.game
    coach_card = advice.move.card if advice.notation.startswith("play ") else None
    if coach_card is None or scores.get(coach_card, -1) < best:  # the bot's card is no better: name DD's
        from cardcli.games.bridge.play import sort_hand

        coach_card = sort_hand([c for c, v in scores.items() if v == best])[0]
    from cardcli.games.bridge import moves as mv

    text = _("coach: I would have chosen {move}").format(move=game.move_words(mv.Play(coach_card), charset))
    lost = best - got
    # two messages, not ngettext: "a trick" has no number to carry
    text += "; " + (
        _("this lost a trick: {got} instead of {best}") if lost == 1 else _("this lost {n} tricks: {got} instead of {best}")
    ).format(n=lost, got=got, best=best)
    # no bot's reason: it is the bot's estimate over sampled layouts, not the certain fact
    session.annotate(
        Annotation(hand=advice.hand, ply=advice.ply + 1, kind="coach", text=f"{played} -> play {coach_card} ({got}/{best})")
    )
    return text
