"""Burraco speed: the basic bot's think time per turn, and matches per second (run with -m benchmark -s).

A turn is every decision of one seat from its draw to its discard (or the close). Two figures
are printed: the bot's own time (``choose``), and that time plus the engine's legal-move
generation the bot waits for, which is what a player at the table feels. Target: p95 < 200 ms.
"""

from __future__ import annotations

import statistics
import time

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng

pytestmark = pytest.mark.benchmark


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


@pytest.mark.parametrize("players", [4, 2])
def test_burraco_bot_think_time_per_turn(players: int) -> None:
    g = load("burraco")
    cfg = g.presets["fibur-italiano"]
    bots = [g.bots["basic"]() for _ in range(players)]
    bot_turns: list[float] = []
    full_turns: list[float] = []
    decisions: list[float] = []
    matches = 12
    start = time.perf_counter()
    for seed in range(matches):
        st = g.new_match(cfg, players, g.first_dealer(cfg, players, f"bench-{seed}"))
        hand = 0
        ply = 0
        bot_t = full_t = 0.0
        while not g.match_over(st):
            if g.needs_deal(st):
                hand += 1
                g.start_hand(st, shuffled_deck(g.deck(cfg, players), f"bench-{seed}", hand))
                continue
            seat = g.to_act(st)
            assert seat is not None
            t0 = time.perf_counter()
            legal = g.legal_moves(st)
            view = g.view(st, seat)
            t1 = time.perf_counter()
            move = bots[seat].choose(view, legal, Rng(seed, "bot", hand, seat, ply))
            t2 = time.perf_counter()
            decisions.append((t2 - t1) * 1000)
            bot_t += t2 - t1
            full_t += t2 - t0
            g.apply(st, move)
            ply += 1
            if g.to_act(st) != seat or g.hand_over(st):
                bot_turns.append(bot_t * 1000)
                full_turns.append(full_t * 1000)
                bot_t = full_t = 0.0
    elapsed = time.perf_counter() - start
    print(
        f"\nburraco basic bot, {players} players, {matches} matches to 2005: {len(bot_turns)} turns, {len(decisions)} decisions"
    )
    print(
        f"  think time per turn: median {statistics.median(bot_turns):.1f} ms, p95 {_percentile(bot_turns, 0.95):.1f} ms,"
        f" max {max(bot_turns):.1f} ms"
    )
    print(
        f"  with legal-move generation: median {statistics.median(full_turns):.1f} ms, "
        f"p95 {_percentile(full_turns, 0.95):.1f} ms, max {max(full_turns):.1f} ms"
    )
    print(f"  per decision: median {statistics.median(decisions):.2f} ms, p95 {_percentile(decisions, 0.95):.2f} ms")
    print(f"  {matches / elapsed:.2f} bot-vs-bot matches per second")
    assert _percentile(full_turns, 0.95) < 200
