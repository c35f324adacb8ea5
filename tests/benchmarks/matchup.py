"""Seeded head-to-head matches between two bots, straight on the engine.

Deal ``i`` of a batch with base ``B`` is dealt from the seed ``B/i`` exactly as
``cardcli simulate`` and ``cardcli play --seed B/i`` deal it. Every deal is
played twice, once with each bot on each side, so the luck of the cards
cancels out: ``deals`` deals make ``2 * deals`` matches. The bots are given
as factories, so variants that are not registered can be measured too.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng

Factory = Callable[[], Any]


@dataclass
class Tally:
    matches: int = 0
    wins: float = 0.0
    """Matches won by the first bot (a shared win counts half)."""
    margin: float = 0.0
    """Sum over matches of the first bot's total minus the other's."""
    think: dict[int, list[float]] = field(default_factory=lambda: {0: [], 1: []})
    """Per bot (0 = first): seconds per decision."""

    @property
    def rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    def p95_ms(self, which: int) -> float:
        values = sorted(self.think[which])
        return 1000 * values[min(len(values) - 1, int(0.95 * len(values)))] if values else 0.0

    def median_ms(self, which: int) -> float:
        return 1000 * statistics.median(self.think[which]) if self.think[which] else 0.0


def play_match(
    game_name: str,
    seed: str,
    players: int,
    factories: list[Factory],
    tally: Tally,
    first_side: int,
    preset: str | None = None,
    hands_limit: int | None = None,
) -> None:
    """One match; ``factories[side]`` plays every seat of that side; the first bot sits on ``first_side``."""
    g = load(game_name)
    cfg = g.presets[preset or g.default_preset]
    sides = g.sides(cfg, players)
    side_of = {seat: i for i, s in enumerate(sides) for seat in s.seats}
    bots = {seat: factories[side_of[seat]]() for seat in range(players)}
    which = {seat: 0 if side_of[seat] == first_side else 1 for seat in range(players)}
    st = g.new_match(cfg, players, g.first_dealer(cfg, players, seed))
    hands = ply = 0
    while not g.match_over(st):
        if g.needs_deal(st):
            if hands_limit is not None and hands >= hands_limit:
                break
            hands += 1
            g.start_hand(st, shuffled_deck(g.deck(cfg, players), seed, hands))
            continue
        seat = g.to_act(st)
        assert seat is not None
        legal = g.legal_moves(st)
        view = g.view(st, seat)
        t0 = time.perf_counter()
        move = bots[seat].choose(view, legal, Rng(seed, "bot", hands, seat, ply))
        tally.think[which[seat]].append(time.perf_counter() - t0)
        g.apply(st, move)
        ply += 1
    res = g.match_result(st)
    tally.matches += 1
    if first_side in res.winners:
        tally.wins += 1 / len(res.winners)
    tally.margin += res.totals[first_side] - res.totals[1 - first_side]


def head_to_head(
    game_name: str,
    first: Factory,
    second: Factory,
    deals: int,
    *,
    players: int = 4,
    base: str = "h2h",
    preset: str | None = None,
    hands_limit: int | None = None,
) -> Tally:
    """``first`` against ``second`` over ``deals`` seeded deals, each played from both sides."""
    tally = Tally()
    for i in range(deals):
        seed = f"{base}/{i}"
        play_match(game_name, seed, players, [first, second], tally, 0, preset, hands_limit)
        play_match(game_name, seed, players, [second, first], tally, 1, preset, hands_limit)
    return tally
