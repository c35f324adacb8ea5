"""Random playouts per second for every game, next to the no-op floor of the same loop.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_playout_speed.py`` (or run this file
as a script: ``python tests/benchmarks/test_playout_speed.py [SECONDS]``).

A playout is one hand from a seeded deal to its end: random legal moves pushed through the fold's
:class:`~cardcli.engine.fold.Table` in trusting mode (what live play, resume and the playout checks
use). The *floor* is the same loop with a trivial game step (``legal_moves`` and ``apply`` that do
nothing but count down the moves the real playouts made), so it shows what the harness itself costs.

Times are the process's CPU time, so other work on a shared machine slows every game alike.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

from cardcli.engine.fold import Table
from cardcli.engine.registry import load

GAMES = (("bridge", 4), ("canasta", 4), ("burraco", 4), ("rummy", 2), ("eleusis", 4))
SECONDS = 1.5
MAX_MOVES = 3000
"""A playout that has not ended after this many moves stops there (random play rarely gets so far)."""

clock = time.process_time


def playout(game: Any, config: Any, players: int) -> Callable[[random.Random], int]:
    """One random hand through a trusting :class:`Table`; returns the moves made."""
    deck = game.deck(config, players)
    legal_moves = game.legal_moves

    def run(rng: random.Random) -> int:
        table: Table[Any, Any] = Table(game, config, players, rng.randrange(players), strict=False)
        cards = list(deck)
        rng.shuffle(cards)
        table.deal(cards)
        state = table.state
        push = table.push
        to_act = game.to_act
        n = 0
        while n < MAX_MOVES and to_act(state) is not None:
            legal = legal_moves(state)
            push(legal[rng.randrange(len(legal))])
            state = table.state
            n += 1
        return n

    return run


class _Noop:
    """A game whose step costs nothing: the floor of the playout loop."""

    name = "noop"

    def __init__(self, moves: int) -> None:
        self.moves = moves
        self._legal = [0, 1, 2]

    def new_match(self, config: Any, players: int, first_dealer: int) -> Any:
        return _NoopState(0)

    def needs_deal(self, state: Any) -> bool:
        return True

    def deck(self, config: Any, players: int) -> list[str]:
        return [str(i) for i in range(52)]

    def next_dealer(self, state: Any) -> int:
        return 0

    def start_hand(self, state: Any, deck: Any) -> None:
        state.left = self.moves

    def to_act(self, state: Any) -> int | None:
        return 0 if state.left else None

    def legal_moves(self, state: Any) -> list[int]:
        return self._legal

    def format_move(self, move: int) -> str:
        return "m"

    def is_secret_move(self, move: int) -> bool:
        return False

    def apply(self, state: Any, move: int) -> Any:
        from cardcli.engine.game import Outcome

        state.left -= 1
        return Outcome(0, move, {})

    def hand_over(self, state: Any) -> bool:
        return not state.left

    def hand_result(self, state: Any) -> None:
        return None


class _NoopState:
    def __init__(self, left: int) -> None:
        self.left = left

    def clone(self) -> _NoopState:
        return _NoopState(self.left)


def rate(run: Callable[[random.Random], int], seconds: float, seed: int = 1) -> tuple[float, float]:
    """(playouts/s, moves/s) of ``run`` over about ``seconds`` of CPU time, from a fixed seed."""
    rng = random.Random(seed)
    runs = moves = 0
    start = clock()
    while True:
        moves += run(rng)
        runs += 1
        spent = clock() - start
        if spent >= seconds:
            return runs / spent, moves / spent


def measure(seconds: float = SECONDS) -> list[str]:
    lines = [f"{'game':8} {'players':>7} {'playouts/s':>11} {'moves/s':>9} {'moves/playout':>13} {'floor playouts/s':>16}"]
    for name, players in GAMES:
        game: Any = load(name)
        config = game.presets[game.default_preset]
        per_s, moves_s = rate(playout(game, config, players), seconds)
        per_playout = round(moves_s / per_s)
        floor, _ = rate(playout(_Noop(per_playout), None, players), seconds / 3)
        lines.append(f"{name:8} {players:>7} {per_s:11.1f} {moves_s:9.0f} {per_playout:13d} {floor:16.1f}")
    return lines


# -- against an earlier version, side by side ------------------------------------------------------
API_PLAYOUT = r"""
import inspect, random, sys, time
from cardcli.engine.registry import load
name, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
game = load(name)
config = game.presets[game.default_preset]
deck = game.deck(config, players)
legal_moves = game.legal_moves
claims = name == "bridge" and "claims" in inspect.signature(type(game).legal_moves).parameters
def legal(state):
    if claims:
        return legal_moves(state, claims=False)
    moves = legal_moves(state)
    return [m for m in moves if type(m).__name__ != "Claim"] if name == "bridge" else moves
rng, runs, clock = random.Random(1), 0, time.process_time
start = clock()
while clock() - start < seconds:
    state = game.new_match(config, players, rng.randrange(players))
    cards = list(deck)
    rng.shuffle(cards)
    game.start_hand(state, cards)
    n = 0
    while n < 3000 and game.to_act(state) is not None and not game.hand_over(state):
        moves = legal(state)
        game.apply(state, moves[rng.randrange(len(moves))])
        n += 1
    runs += 1
print(runs / (clock() - start))
"""
"""Random playouts through the game API alone (deal, legal moves, apply), written so that it runs on
any cardcli version: the same harness for the version being measured and the one compared with."""


def api_rate(tree: str, name: str, players: int, seconds: float) -> float:
    """Playouts/s of ``name`` with the cardcli found in ``tree``, in a fresh process."""
    import os
    import subprocess

    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run(
        [sys.executable, "-c", API_PLAYOUT, name, str(players), str(seconds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    return float(out.stdout.strip())


def against(revision: str, seconds: float = SECONDS, rounds: int = 2) -> list[str]:
    """Playouts/s of every game at ``revision`` (a git commit) and now, taken in turn, best of ``rounds``."""
    import pathlib
    import subprocess
    import tarfile
    import tempfile

    here = pathlib.Path(__file__).resolve().parents[2]
    lines = [f"{'game':8} {revision[:10]:>11} {'now':>9} {'ratio':>6}"]
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(["git", "-C", str(here), "archive", revision, "cardcli"], capture_output=True, check=True).stdout
        with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
            tar.extractall(old, filter="data")
        for name, players in GAMES:
            then = now = 0.0
            for _ in range(rounds):
                then = max(then, api_rate(old, name, players, seconds / rounds))
                now = max(now, api_rate(str(here), name, players, seconds / rounds))
            lines.append(f"{name:8} {then:11.1f} {now:9.1f} {now / then:5.2f}x")
    return lines


@pytest.mark.benchmark
def test_random_playouts_per_second_for_every_game() -> None:
    """Set ``CARDCLI_BENCH_BASELINE`` to a commit to also print the game-API playouts of that
    version and of this one, side by side in the same run."""
    import os

    lines = measure()
    print("\nrandom playouts through a trusting Table (CPU time), each next to the no-op floor:")
    print("\n".join(lines))
    assert len(lines) == len(GAMES) + 1
    baseline = os.environ.get("CARDCLI_BENCH_BASELINE")
    if baseline:
        print(f"\nrandom playouts through the game API, {baseline} against now (best of 2 rounds in turn):")
        print("\n".join(against(baseline)))


if __name__ == "__main__":
    import cardcli

    print(cardcli.__file__)
    print("\n".join(measure(float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS)))
