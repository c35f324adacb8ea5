"""Canasta bot think time (run with `pytest -m benchmark -s tests/benchmarks/test_canasta_bench.py`).

A *decision* is what the session does before each bot move: build the seat's
view, list the legal moves, let the bot choose. A *turn* is all the decisions
of one player from the draw to the discard (openings, melds and additions
included). The target is a 95th percentile under 200 ms per turn.
"""

from __future__ import annotations

import statistics
import time

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _measure(players: int, hands: int, preset: str = "standard") -> tuple[list[float], list[float]]:
    game = load("canasta")
    cfg = game.presets[preset]
    decisions: list[float] = []
    turns: list[float] = []
    for h in range(hands):
        seed = f"bench-{players}-{h}"
        state = game.new_match(cfg, players, 0)
        game.start_hand(state, shuffled_deck(game.deck(cfg, players), seed, 1))
        bots = [game.bots["basic"]() for _ in range(players)]
        ply = 0
        turn_time = 0.0
        while not game.hand_over(state):
            seat = game.to_act(state)
            start = time.perf_counter()
            legal = game.legal_moves(state)
            move = bots[seat].choose(game.view(state, seat), legal, Rng(seed, "bot", 1, seat, ply))
            spent = time.perf_counter() - start
            decisions.append(spent)
            turn_time += spent
            before = state.turn
            game.apply(state, move)
            ply += 1
            if game.hand_over(state) or state.turn != before:
                turns.append(turn_time)
                turn_time = 0.0
    return decisions, turns


@pytest.mark.benchmark
@pytest.mark.parametrize("players", [4, 2])
def test_bot_think_time(players: int) -> None:
    decisions, turns = _measure(players, 40)
    ms = [d * 1000 for d in decisions]
    tms = [t * 1000 for t in turns]
    print(f"\ncanasta basic bot, {players} players, 40 hands: {len(ms)} decisions, {len(tms)} turns")
    print(f"  per decision: median {statistics.median(ms):.2f} ms, p95 {_percentile(ms, 0.95):.2f} ms, max {max(ms):.2f} ms")
    print(f"  per turn:     median {statistics.median(tms):.2f} ms, p95 {_percentile(tms, 0.95):.2f} ms, max {max(tms):.2f} ms")
    assert _percentile(tms, 0.95) < 200.0
