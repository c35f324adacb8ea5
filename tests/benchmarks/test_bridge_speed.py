"""Random bridge playouts: cardcli against OpenSpiel's ``bridge(use_double_dummy_result=false)``, side by side.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_bridge_speed.py`` (OpenSpiel is not a
dependency: ``pip install open-spiel`` to get its figures; without it only cardcli's are printed).

A playout is what OpenSpiel's game does from Python: deal, a random legal auction, random legal play to
the end, the score. cardcli's legal moves include claims; a playout asks for them without
(``legal_moves(state, claims=False)``), as OpenSpiel has none. Measured three ways:

* **game API**: ``legal_moves`` + ``apply`` on the state (what a bot or a search uses);
* **fold**: the same through :class:`~cardcli.engine.fold.Table` ``push`` in trusting mode (what live
  play and resume use: each move also logged in notation), reported separately as its overhead;
* **OpenSpiel**: ``legal_actions`` + ``apply_action`` on a ``pyspiel`` state (chance nodes for the deal).

Then the two halves alone: legal-move generation on recorded positions, and applying recorded games
(deal and every move, no generation); and ``replay verify`` of one long rubber cut after 4, 8, 16 …
hands, whose time per hand stays flat when verification is linear in the hands.

Times are the process's CPU time, so other work on a shared machine slows both sides alike.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from cardcli.engine.fold import Table
from cardcli.engine.registry import load
from tests.benchmarks.test_playout_speed import rate

SECONDS = 4.0
SHORT = 1.0
ROUNDS = 4
"""Rounds of the playout race, taken in turn (each ``SECONDS / ROUNDS`` long)."""
"""Seconds for each half-benchmark (legal moves alone, apply alone)."""

clock = time.process_time


def _rate(run_one: Callable[[random.Random], int], seconds: float = SECONDS) -> tuple[float, float]:
    """(runs/s, moves/s) of ``run_one`` (one run, returns its moves) over about ``seconds``."""
    return rate(run_one, seconds)


def interleaved(runs: dict[str, Callable[[random.Random], int]], rounds: int = ROUNDS) -> dict[str, tuple[float, float]]:
    """The best (runs/s, moves/s) of each contender over ``rounds`` short rounds taken in turn.

    Taking turns, and keeping each one's best round, lets a busy machine slow both sides alike
    instead of whichever happened to run while something else did."""
    best: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):
        for name, run in runs.items():
            got = _rate(run, SECONDS / rounds)
            if name not in best or got[0] > best[name][0]:
                best[name] = got
    return best


def cardcli_playout(game: Any, config: Any) -> Callable[[random.Random], int]:
    deck = game.deck(config, 4)

    def run(rng: random.Random) -> int:
        state = game.new_match(config, 4, rng.randrange(4))
        cards = list(deck)
        rng.shuffle(cards)
        game.start_hand(state, cards)
        n = 0
        while state.phase != "over":
            legal = game.legal_moves(state, claims=False)
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
            legal = game.legal_moves(state, claims=False)
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


# -- the halves: legal moves alone, apply alone ---------------------------------------------------
def cardcli_recorded(game: Any, config: Any, games: int = 60) -> tuple[list[Any], list[tuple[int, list[str], list[Any]]]]:
    """Positions (cloned states) and games (dealer, deck, moves) of random playouts."""
    rng = random.Random(2)
    deck = game.deck(config, 4)
    positions: list[Any] = []
    recorded = []
    for _ in range(games):
        dealer = rng.randrange(4)
        state = game.new_match(config, 4, dealer)
        cards = list(deck)
        rng.shuffle(cards)
        game.start_hand(state, cards)
        moves = []
        while state.phase != "over":
            positions.append(state.clone())
            legal = game.legal_moves(state, claims=False)
            moves.append(legal[rng.randrange(len(legal))])
            game.apply(state, moves[-1])
        recorded.append((dealer, cards, moves))
    return positions, recorded


def openspiel_recorded(pyspiel: Any, games: int = 60) -> tuple[list[Any], list[list[int]]]:
    """Positions (cloned states, players to act) and games (every action, chance ones included)."""
    osgame = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(2)
    positions: list[Any] = []
    recorded = []
    for _ in range(games):
        state = osgame.new_initial_state()
        actions = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions.append(outcomes[rng.randrange(len(outcomes))][0])
            else:
                positions.append(state.clone())
                legal = state.legal_actions()
                actions.append(legal[rng.randrange(len(legal))])
            state.apply_action(actions[-1])
        recorded.append(actions)
    return positions, recorded


def halves(game: Any, config: Any, pyspiel: Any | None) -> list[str]:
    positions, recorded = cardcli_recorded(game, config)
    legal_moves = game.legal_moves

    def legal_only(_: random.Random) -> int:
        for p in positions:
            legal_moves(p, claims=False)
        return len(positions)

    def apply_only(_: random.Random) -> int:
        n = 0
        for dealer, cards, moves in recorded:
            state = game.new_match(config, 4, dealer)
            game.start_hand(state, cards)
            for m in moves:
                game.apply(state, m)
            n += len(moves)
        return n

    ours_legal = _rate(legal_only, SHORT)[1]
    ours_apply = _rate(apply_only, SHORT)[1]
    lines = [
        f"cardcli legal_moves : {ours_legal:10.0f} positions/s",
        f"cardcli apply       : {ours_apply:10.0f} moves/s (deal + every move of recorded games)",
    ]
    if pyspiel is not None:
        os_positions, os_recorded = openspiel_recorded(pyspiel)
        osgame = pyspiel.load_game("bridge(use_double_dummy_result=false)")

        def os_legal_only(_: random.Random) -> int:
            for p in os_positions:
                p.legal_actions()
            return len(os_positions)

        def os_apply_only(_: random.Random) -> int:
            n = 0
            for actions in os_recorded:
                state = osgame.new_initial_state()
                for a in actions:
                    state.apply_action(a)
                n += len(actions) - 52  # the moves, as cardcli's count (the deal is 52 chance actions)
            return n

        theirs_legal = _rate(os_legal_only, SHORT)[1]
        theirs_apply = _rate(os_apply_only, SHORT)[1]
        lines += [
            f"OpenSpiel legal_actions: {theirs_legal:7.0f} positions/s",
            f"OpenSpiel apply_action : {theirs_apply:7.0f} moves/s (deal + every move of recorded games)",
            f"ratio cardcli/OpenSpiel: legal moves {ours_legal / theirs_legal:.2f}x, apply {ours_apply / theirs_apply:.2f}x",
        ]
    return lines


@pytest.mark.benchmark
def test_bridge_random_playouts_against_openspiel() -> None:
    game: Any = load("bridge")
    config = game.presets["rubber"]
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    runs = {"ours": cardcli_playout(game, config), "folded": fold_playout(game, config)}
    if pyspiel is not None:
        runs["theirs"] = openspiel_playout(pyspiel)
    best = interleaved(runs)
    (ours, ours_moves), (folded, folded_moves) = best["ours"], best["folded"]
    lines = [
        f"cardcli game API : {ours:8.0f} games/s  {ours_moves:9.0f} moves/s",
        f"cardcli fold     : {folded:8.0f} games/s  {folded_moves:9.0f} moves/s  "
        f"(Table.push overhead {100 * (ours / folded - 1):.0f}%)",
    ]
    if pyspiel is not None:
        theirs, theirs_moves = best["theirs"]
        lines.append(f"OpenSpiel        : {theirs:8.0f} games/s  {theirs_moves:9.0f} moves/s")
        lines.append(f"ratio cardcli/OpenSpiel: game API {ours / theirs:.2f}x, fold {folded / theirs:.2f}x")
    print("\nrandom bridge playouts (deal, random auction, random play, score)\n  " + "\n  ".join(lines))
    print("legal-move generation and apply alone\n  " + "\n  ".join(halves(game, config, pyspiel)))
    if pyspiel is None:
        pytest.skip("open-spiel is not installed: cardcli's figures only")


# -- replay verify against the number of hands -----------------------------------------------------
def long_rubber(hands: int) -> Any:
    """A session of one rubber of random legal moves (no claims) with at least ``hands`` hands, seeded."""
    from cardcli.engine.deal import shuffled_deck
    from cardcli.session import SeatSpec, Session

    game: Any = load("bridge")
    config = game.presets["rubber"]
    for attempt in range(200):
        seed = f"long-{attempt}"
        rng = random.Random(seed)
        table: Table[Any, Any] = Table(game, config, 4, 0, strict=False)
        while table.hand < hands and game.needs_deal(table.state):
            table.deal(shuffled_deck(game.deck(config, 4), seed, table.hand + 1))
            while not game.hand_over(table.state):
                legal = game.legal_moves(table.state, claims=False)
                table.push(legal[rng.randrange(len(legal))])
        if table.hand >= hands:
            seats = [SeatSpec(name, False, "random") for name in game.seat_names(4)]
            return Session(game, config, "rubber", 4, seats, seed, 0, table=table)
    raise AssertionError(f"no seeded rubber lasted {hands} hands")


@pytest.mark.benchmark
def test_bridge_replay_verify_is_linear_in_hands() -> None:
    import msgspec

    from cardcli.session import Session

    longest = 32
    replay = long_rubber(longest).to_replay()
    lines = []
    per_hand = []
    for n in (4, 8, 16, 32):
        cut = msgspec.structs.replace(replay, hands=replay.hands[:n], result=None)
        size = len(msgspec.json.encode(cut))
        runs, spent = 0, 0.0
        start = clock()
        while spent < SHORT / 2:
            Session.from_replay(cut)
            runs += 1
            spent = clock() - start
        ms = 1000 * spent / runs
        per_hand.append(ms / n)
        lines.append(f"{n:3d} hands: verify {ms:7.1f} ms ({ms / n:5.2f} ms/hand), file {size:8d} bytes ({size // n} bytes/hand)")
    lines.append(f"time per hand, {longest} hands against 4: {per_hand[-1] / per_hand[0]:.2f}x")
    print("\nreplay verify of one random rubber cut after n hands\n  " + "\n  ".join(lines))
