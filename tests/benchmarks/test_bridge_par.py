"""Bot-vs-bot contracts against par, rubber-aware: the bots bid seeded deals played as rubbers, each
contract is scored at its double-dummy tricks as the rubber stands (part scores, games,
vulnerability: :mod:`cardcli.games.bridge.par`), and compared with par in IMPs.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_bridge_par.py``
(``CARDCLI_PAR_DEALS`` sets the number of deals, 500 by default; ``CARDCLI_PAR_DUMP=FILE`` writes every
deal, with its hands and the rubber's standing, as JSON, to compare two versions deal by deal). Prints the share of deals
exactly at par, the share within 2 IMPs of par, and the ten worst deals. Each deal is entered into
its rubber with the double-dummy tricks of its contract, so the next deal's part scores are what
the bots' bidding earned.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.bridge.auction import call_name
from cardcli.games.bridge.hand_score import finish_hand
from cardcli.games.bridge.par import Standing, rubber_par
from cardcli.games.bridge.scoring import honors_held, score_deal

pytestmark = pytest.mark.benchmark

_IMP_STEPS = (
    *(20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600),
    *(750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000),
)


def imps(diff: int) -> int:
    """The IMP scale (WBF): points of difference to IMPs."""
    d = abs(diff)
    return sum(1 for step in _IMP_STEPS if d >= step)


def contract_score(state: Any, tricks: int, standing: Standing) -> int:
    """What the contract reached is worth to North-South at ``tricks``, doubled as bid, valued as
    :func:`~cardcli.games.bridge.par.contract_value` values par (a game completed: 300, or the
    rubber bonus when it is the side's second)."""
    c = state.contract
    if c is None:
        return 0
    side = c.declarer % 2
    hold = honors_held(state.dealt, c.strain) if state.config.honors else None
    entries = score_deal(c.level, c.strain, c.doubled, c.declarer, tricks, standing.vulnerable[side], state.config, hold)
    points = [0, 0]
    for e in entries:
        points[e.side] += e.points
    if tricks >= c.level + 6:
        below = sum(e.points for e in entries if e.where == "below")
        if standing.leg[side] + below >= 100:
            points[side] += (700 if standing.games[1 - side] == 0 else 500) if standing.games[side] >= 1 else 300
    return points[0] - points[1]


def run(deals: int, details: list[dict[str, Any]] | None = None) -> list[tuple[str, str, str, str, int, int]]:
    """[(deal, auction, contract reached, par contracts, IMPs from par, points from par for NS)] for
    ``deals`` seeded deals; ``details`` (when given) gets each deal's hands, dealer and rubber standing,
    so that two runs can be compared deal by deal."""
    from cardcli.games.bridge import dds

    game: Any = load("bridge")
    cfg = game.presets["rubber"]
    bot = game.bots[game.default_bot]()
    out: list[tuple[str, str, str, str, int, int]] = []
    state = game.new_match(cfg, 4, 0)
    for d in range(deals):
        if state.rubber.over:
            state = game.new_match(cfg, 4, d % 4)
        game.start_hand(state, shuffled_deck(game.deck(cfg, 4), f"par-{d}", 1))
        r = state.rubber
        standing = Standing(leg=(r.leg[0], r.leg[1]), games=(r.games[0], r.games[1]), vulnerable=r.vulnerability())
        ply = 0
        while state.phase == "auction":
            seat = game.to_act(state)
            game.apply(state, bot.choose(game.view(state, seat), game.legal_moves(state), Rng("par", d, ply)))
            ply += 1
        hands = [list(h) for h in state.original]
        table = dds.dd_table(hands)
        par = rubber_par(table, state.dealer, standing, cfg, hands)
        c = state.contract
        tricks = table[c.strain][c.declarer] if c is not None else 0
        got = contract_score(state, tricks, standing)
        auction = " ".join(call_name(x) for x in state.calls)
        if c is None:
            reached = "passed out"
        else:
            diff = tricks - (c.level + 6)
            reached = f"{c.text()} {'NESW'[c.declarer]} {'=' if diff == 0 else f'{diff:+d}'}"
        out.append(
            (f"par-{d}", auction, reached, ", ".join(par.contracts) or "passed out", imps(got - par.score), got - par.score)
        )
        if details is not None:
            details.append(
                {"hands": hands, "dealer": state.dealer, "leg": list(standing.leg), "games": list(standing.games)}
                | {"vul": list(standing.vulnerable)}
            )
        # the rubber goes on as the contract's double-dummy result scores it
        if c is not None:
            state.phase = "play"
            state.claim_end = (c.declarer, tricks)
        finish_hand(state)
    return out


def test_contracts_against_par() -> None:
    pytest.importorskip("endplay")
    deals = int(os.environ.get("CARDCLI_PAR_DEALS", "500"))
    details: list[dict[str, Any]] = []
    results = run(deals, details)
    dump = os.environ.get("CARDCLI_PAR_DUMP")
    if dump:  # every deal with its hands and standing, to compare two versions deal by deal
        keys = ("deal", "auction", "reached", "par", "imps", "diff")
        rows = [dict(zip(keys, r)) | extra for r, extra in zip(results, details)]
        Path(dump).write_text(json.dumps(rows), encoding="utf-8")
    exact = sum(1 for r in results if r[5] == 0)
    near = sum(1 for r in results if r[4] <= 2)
    print(
        f"\n{deals} deals (rubbers, double-dummy results): exactly par {exact / deals:.0%} ({exact}), "
        f"within 2 IMPs {near / deals:.0%} ({near}), IMPs lost in all {sum(r[4] for r in results)}"
    )
    print("worst ten (deal, contract, par, IMPs, auction):")
    for deal, auction, reached, par, lost, _diff in sorted(results, key=lambda r: -r[4])[:10]:
        print(f"  {deal}: {reached}; par {par}; {lost} IMPs; {auction}")
    assert len(results) == deals
