"""Rummy speed: bot think time per move and seeded matches per second (run with -m benchmark -s)."""

from __future__ import annotations

import statistics
import time

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng

pytestmark = pytest.mark.benchmark


def test_rummy_bot_think_time_and_throughput() -> None:
    g = load("rummy")
    cfg = g.presets["standard"]
    bot = g.bots["basic"]()
    times: list[float] = []
    start = time.perf_counter()
    matches = 60
    for seed in range(matches):
        st = g.new_match(cfg, 2 + seed % 3, g.first_dealer(cfg, 2 + seed % 3, seed))
        hand = 0
        ply = 0
        while not g.match_over(st):
            if g.needs_deal(st):
                hand += 1
                g.start_hand(st, shuffled_deck(g.deck(cfg, st.players), seed, hand))
                continue
            seat = g.to_act(st)
            legal = g.legal_moves(st)
            view = g.view(st, seat)
            t = time.perf_counter()
            move = bot.choose(view, legal, Rng(seed, "bot", hand, seat, ply))
            times.append((time.perf_counter() - t) * 1000)
            g.apply(st, move)
            ply += 1
    elapsed = time.perf_counter() - start
    times.sort()
    p95 = times[int(len(times) * 0.95)]
    print(
        f"\nrummy basic bot: {len(times)} decisions, median {statistics.median(times):.2f} ms, "
        f"p95 {p95:.2f} ms, max {times[-1]:.1f} ms"
    )
    print(f"rummy: {matches / elapsed:.1f} bot-vs-bot matches per second (2-4 players, whole matches)")
    assert times
