"""Seeded meld-game hands for the review's tests: seat 0 is played by a weaker bot (or at random), the
other seats by the strongest, so the reviewed seat's decisions differ from the strongest bot's."""

from __future__ import annotations

from typing import Any

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import Table
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.review.collect import Collector, HandTape


def meld_hand(game_name: str, seed: str, players: int = 2, weak: str = "random") -> tuple[Any, Any, int, HandTape]:
    """Game, config, first dealer and the tape of hand 1 of ``seed``, seat 0 played by the ``weak`` bot."""
    g = load(game_name)
    cfg = g.presets[g.default_preset]
    first = g.first_dealer(cfg, players, seed)
    collector = Collector([0], {1})
    table: Table[Any, Any] = Table(g, cfg, players, first, strict=False, visitors=[collector])
    bots = [g.bots[weak if s == 0 else g.default_bot]() for s in range(players)]
    table.deal(shuffled_deck(g.deck(cfg, players), seed, 1))
    for ply in range(2000):
        if g.hand_over(table.state) or collector.tapes:
            break
        seat = g.to_act(table.state)
        assert seat is not None
        legal = g.legal_moves(table.state)
        table.push(bots[seat].choose(g.view(table.state, seat), legal, Rng(seed, "bot", 1, seat, ply)))
    assert collector.tapes, f"{game_name} {seed}: the hand did not end"
    return g, cfg, first, collector.tapes[0]
