"""Bridge's answers to the replay hooks: a hand's own rules for a share code, and older results.

Kept out of :mod:`cardcli.games.bridge.rules` because only ``share`` and the replay migration ask.
"""

from __future__ import annotations

from typing import Any

import msgspec

from cardcli.engine.game import HandResult


def hand_config(config: Any, dealt: Any) -> Any:
    """The rules for one hand played on its own: bridge keeps the dealer and vulnerability it was played
    at (a set of deals: that deal's alone, not the whole schedule; a rubber: the vulnerability then)."""
    rubber = getattr(dealt, "rubber", None)
    if rubber is None:
        return config
    ns, ew = rubber.vulnerability()
    if getattr(config, "scoring", "") == "deals":
        vul = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[(ns, ew)]
        return msgspec.structs.replace(config, deals=f"{'NESW'[dealt.dealer]}:{vul}")
    vul = {(False, False): "none", (True, False): "NS", (False, True): "EW", (True, True): "both"}[(ns, ew)]
    return msgspec.structs.replace(config, start_vulnerable=vul)


def v1_result(result: HandResult) -> HandResult:
    """A version-1 bridge result without its copy of the scorepad, with its game number instead.

    Version 1 → 2: a bridge hand's result no longer repeats the whole scorepad (``detail["pad"]``,
    every earlier hand's entries again, which made a replay's size grow with the square of its
    hands); it holds its own entries and the number of the game they count in (``detail["game"]``)."""
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
