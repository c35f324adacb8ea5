"""Random bridge playouts: cardcli against OpenSpiel's ``bridge(use_double_dummy_result=false)``, side by side.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_bridge_speed.py`` (OpenSpiel is not a
dependency: ``pip install open-spiel`` to get its figure; without it only cardcli's are printed).

A playout is what OpenSpiel's game does from Python: deal, a random legal auction, random legal play to
the end, the score. cardcli's legal moves include claims; a playout never makes one (as in OpenSpiel,
which has none). Measured three ways:

* **game API**: ``legal_moves`` + ``apply`` on the state (what a bot or a search uses);
* **fold**: the same through :class:`~cardcli.engine.fold.Table` ``push`` in trusting mode (what live
  play and resume use: each move also logged in notation), reported separately as its overhead;
* **OpenSpiel**: ``legal_actions`` + ``apply_action`` on a ``pyspiel`` state (chance nodes for the deal).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from cardcli.engine.fold import Table
from cardcli.engine.registry import load
from cardcli.games.bridge import moves as mv

SECONDS = 2.0


def _rate(run_one: Callable[[random.Random], int], seconds: float = SECONDS) -> tuple[float, float]:
    """(games/s, moves/s) of ``run_one`` (one playout, returns its moves) over about ``seconds``."""
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while True:
        moves += run_one(rng)
        games += 1
        spent = time.perf_counter() - start
        if spent >= seconds:
            return games / spent, moves / spent


def cardcli_playout(game: Any, config: Any) -> Callable[[random.Random], int]:
    deck = game.deck(config, 4)

    def run(rng: random.Random) -> int:
        state = game.new_match(config, 4, rng.randrange(4))
        cards = list(deck)
        rng.shuffle(cards)
        game.start_hand(state, cards)
        n = 0
        while state.phase != "over":
            legal = [m for m in game.legal_moves(state) if type(m) is not mv.Claim]
            game.apply(state, legal[rng.randrange(len(legal))])
            n += 1
        return n
    return run


def fold_playout(game: Any, config: Any) -> Callable[[random.Random], int]:
    deck = game.deck(config, 4)

    def run(rng: random.Random) -> int:
        table: Table[Any, Any] = Table(game, config, 4, rng.randrange(4), strict=False)
        cards = list(deck)
        rng.shuffle(cards)
        table.deal(cards)
        state = table.state
        n = 0
        while state.phase != "over":
            legal = [m for m in game.legal_moves(state) if type(m) is not mv.Claim]
            table.push(legal[rng.randrange(len(legal))])
            n += 1
        return n
    return run


def openspiel_playout(pyspiel: Any) -> Callable[[random.Random], int]:
    osgame = pyspiel.load_game("bridge(use_double_dummy_result=false)")

    def run(rng: random.Random) -> int:
        state = osgame.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                n += 1
        state.returns()
        return n
    return run


@pytest.mark.benchmark
def test_bridge_random_playouts_against_openspiel() -> None:
    game = load("bridge")
    config = game.presets["rubber"]
    ours, ours_moves = _rate(cardcli_playout(game, config))
    folded, folded_moves = _rate(fold_playout(game, config))
    lines = [f"cardcli game API : {ours:8.0f} games/s  {ours_moves:9.0f} moves/s",
             f"cardcli fold     : {folded:8.0f} games/s  {folded_moves:9.0f} moves/s  "
             f"(Table.push overhead {100 * (ours / folded - 1):.0f}%)"]
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        theirs, theirs_moves = _rate(openspiel_playout(pyspiel))
        lines.append(f"OpenSpiel        : {theirs:8.0f} games/s  {theirs_moves:9.0f} moves/s")
        lines.append(f"ratio cardcli/OpenSpiel: game API {ours / theirs:.2f}x, fold {folded / theirs:.2f}x")
    print("\nrandom bridge playouts (deal, random auction, random play, score)\n  " + "\n  ".join(lines))
    if pyspiel is None:
        pytest.skip("open-spiel is not installed: cardcli's figures only")
