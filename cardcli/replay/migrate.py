"""Replays written by older cardcli versions, brought up to the current format when read.

Version 1 → 2: a bridge hand's result no longer repeats the whole scorepad (``detail["pad"]``,
every earlier hand's entries again, which made a replay's size grow with the square of its
hands); it holds its own entries and the number of the game they count in (``detail["game"]``),
and the pad is drawn from the results in turn. Other games' results are unchanged. Each game
upgrades its own results (:meth:`cardcli.engine.game.Game.upgrade_result`; bridge's is
:func:`cardcli.games.bridge.legacy.v1_result`).
"""

from __future__ import annotations

import msgspec

from cardcli.replay.model import VERSION, Replay


def upgrade(replay: Replay) -> Replay:
    """``replay`` in the current version's terms (unchanged when it already is)."""
    if replay.version >= VERSION:
        return replay
    from cardcli.engine.registry import UnknownGame, load

    try:
        game = load(replay.game)
    except UnknownGame:
        game = None  # the reader names the unknown game; there is nothing to upgrade here
    if game is not None:
        hands = [
            msgspec.structs.replace(h, result=game.upgrade_result(h.result, replay.version)) if h.result is not None else h
            for h in replay.hands
        ]
        replay = msgspec.structs.replace(replay, hands=hands)
    return msgspec.structs.replace(replay, version=VERSION)
