"""Replays written by older cardcli versions, brought up to the current format when read.

Version 1 → 2: a bridge hand's result no longer repeats the whole scorepad (``detail["pad"]``,
every earlier hand's entries again, which made a replay's size grow with the square of its
hands); it holds its own entries and the number of the game they count in (``detail["game"]``),
and the pad is drawn from the results in turn. Other games' results are unchanged.
"""

from __future__ import annotations

from typing import Any

import msgspec

from cardcli.engine.game import HandResult
from cardcli.replay.model import VERSION, Replay


def upgrade(replay: Replay) -> Replay:
    """``replay`` in the current version's terms (unchanged when it already is)."""
    if replay.version >= VERSION:
        return replay
    if replay.game == "bridge":
        hands = [msgspec.structs.replace(h, result=_bridge_v1_result(h.result)) if h.result is not None else h
                 for h in replay.hands]
        replay = msgspec.structs.replace(replay, hands=hands)
    return msgspec.structs.replace(replay, version=VERSION)


def _bridge_v1_result(result: HandResult) -> HandResult:
    """A version-1 bridge result without its copy of the scorepad, with its game number instead."""
    detail: dict[str, Any] = dict(result.detail)
    pad = detail.pop("pad", None)
    if "game" not in detail:
        game = None
        if isinstance(pad, list):
            for line in pad:
                if isinstance(line, list) and len(line) > 1 and line[0] == detail.get("hand"):
                    game = line[1]
                    break
        if game is None:
            winners = detail.get("game_winners")
            game = len(winners) + 1 if isinstance(winners, list) else 1
        detail["game"] = game
    return msgspec.structs.replace(result, detail=detail)
