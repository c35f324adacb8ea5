"""Play on from any position of a replay: the same cards, the moves up to there, then you and bots.

A position becomes a new game in two steps, both plain data: :func:`truncated` cuts the
replay at (hand, ply) and gives the seats to one human and bots, and :func:`save_for`
writes that as a new save, which ``cardcli play --resume`` then continues like any
other. The seed stays, so the hands after this one deal as they did; the original file
is never written.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import msgspec

from cardcli import __version__
from cardcli.engine.registry import load
from cardcli.replay.io import ReplayError
from cardcli.replay.model import Replay, SeatRecord
from cardcli.session import Session


class PlayOnError(ValueError):
    """The position cannot be played on from (one line for the user)."""


def default_seat(replay: Replay, hand: int, ply: int) -> int:
    """Who the user plays when no seat is named: the file's human, else the seat to act there. A file whose
    every seat is a person (an imported record: nobody's seat is known) puts you where the game puts
    its player (bridge: South)."""
    humans = [i for i, s in enumerate(replay.seats) if s.kind == "human"]
    if humans and len(humans) == len(replay.seats):
        return load(replay.game).default_seat
    if humans:
        return humans[0]
    part = truncated(replay, hand, ply, 0)
    actor = Session.from_replay(part, strict=False).to_act()
    return actor if actor is not None else load(replay.game).default_seat


def truncated(replay: Replay, hand: int, ply: int, seat: int) -> Replay:
    """``replay`` up to move ``ply`` of hand ``hand``, with ``seat`` human and every other seat a bot."""
    if not 1 <= hand <= len(replay.hands):
        raise PlayOnError(f"there is no hand {hand} (the file has {len(replay.hands)})")
    if not 0 <= seat < replay.players:
        raise PlayOnError(f"there is no seat {seat + 1} with {replay.players} players")
    game = load(replay.game)
    cut = replay.hands[hand - 1]
    ply = max(0, min(ply, len(cut.moves)))
    hands = [*replay.hands[: hand - 1], msgspec.structs.replace(cut, moves=cut.moves[:ply], result=None, extra={})]
    if ply == len(cut.moves) and cut.result is not None:
        hands[-1] = cut  # the hand was over there: keep its result
    seats = [
        SeatRecord(name=s.name, kind="human")
        if i == seat
        else SeatRecord(name=s.name, kind="bot", bot=s.bot if s.kind == "bot" and s.bot else game.default_bot)
        for i, s in enumerate(replay.seats)
    ]
    notes = [a for a in replay.annotations if (a.hand, a.ply) <= (hand, ply)]
    title = replay.title or f"{game.title} replay"
    return msgspec.structs.replace(
        replay,
        app_version=__version__,
        seats=seats,
        hands=hands,
        result=None,
        annotations=notes,
        title=f"{title} (played on from {hand}.{ply})",
        # with no seed, no later hand can be dealt as the file dealt it: the game ends with this one
        hands_limit=replay.hands_limit if replay.seed else hand,
        started=dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
    )


def save_for(replay: Replay, hand: int, ply: int, seat: int) -> Path:
    """A new save holding the game that plays on from (hand, ply): ``cardcli play --resume`` takes it."""
    from cardcli.replay.journal import Journal
    from cardcli.saves import new_save_path

    part = truncated(replay, hand, ply, seat)
    ply = len(part.hands[-1].moves)
    try:
        session = Session.from_replay(part)
    except ReplayError as err:
        raise PlayOnError(str(err)) from None
    if session.finished:
        raise PlayOnError(f"the match is over at {hand}.{ply}: there is nothing left to play")
    path = new_save_path(replay.game)
    Journal.create(path, session.to_replay(), None).close()
    return path
