"""The end of a bridge hand: its score entered into the rubber (or the deal's total), and its result."""

from __future__ import annotations

from typing import Any

from cardcli.engine.game import HandResult
from cardcli.games.bridge.auction import SEATS, side_of
from cardcli.games.bridge.config import parse_deals
from cardcli.games.bridge.scoring import Entry, honors, score_deal
from cardcli.games.bridge.state import BridgeState

VUL_NAMES = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}


def finish_hand(state: BridgeState) -> None:
    """Score the hand into the rubber and record its result."""
    state.phase = "over"
    r = state.rubber
    vul = r.vulnerability()
    detail: dict[str, Any] = {"hand": state.hand_number, "dealer": SEATS[state.dealer],
                              "vulnerable": VUL_NAMES[vul]}
    c = state.contract
    entries: list[Entry] = []
    if c is None:
        detail["passed_out"] = True
    else:
        side = c.side
        if state.claim_end is not None:
            claimer, n = state.claim_end
            tricks = n if side_of(claimer) == side else 13 - n
            detail["claim"] = [SEATS[claimer], n]
        else:
            tricks = state.won[side]
        detail.update(contract=c.text(), declarer=SEATS[c.declarer], tricks=tricks)
        hold = honors(state.original, c.strain) if state.config.honors else None
        entries = score_deal(c.level, c.strain, c.doubled, c.declarer, tricks, vul[side], state.config, hold)
        if state.config.scoring == "deals" and tricks >= c.level + 6:
            below = sum(e.points for e in entries if e.where == "below")
            entries.append(Entry(side, "above", (500 if vul[side] else 300) if below >= 100 else 50,
                                 "game-bonus" if below >= 100 else "part-score", ""))
    entries = r.record(state.hand_number, entries)
    deals = state.config.scoring == "deals"
    if deals:
        detail["scoring"] = "deals"
        r.over = bool(state.config.deals) and state.hand_number >= len(parse_deals(state.config.deals))
    points: list[int | float] = [0, 0]
    for e in entries:
        points[e.side] += e.points
    detail["entries"] = [e.to_list() for e in entries]
    detail["pad"] = [p.to_list() for p in r.pad]
    detail["game_winners"] = list(r.game_winners)
    detail["leg"] = list(r.leg)
    detail["rubber_over"] = r.over
    detail["settlement"] = [] if deals else [e.to_list() for e in r.settlement(state.config)]
    totals: list[int | float] = list(r.totals)
    state.result = HandResult(points=points, totals=totals, detail=detail)
    state.results.append(state.result)
