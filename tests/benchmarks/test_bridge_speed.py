"""Random bridge playouts: cardcli against OpenSpiel's ``bridge(use_double_dummy_result=false)``, the same
work on both sides.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_bridge_speed.py`` (OpenSpiel is not a
dependency: ``pip install open-spiel`` to get its figures; without it only cardcli's are printed and the
race is skipped).

A playout is what OpenSpiel's game does from Python: deal, a random legal auction, random legal play to
the end, the score. The race is fair by construction:

* **the same deals**: a pool of decks shuffled by cardcli's seeded deal (:func:`shuffled_deck`), each
  dealt in order on both sides: cardcli's ``start_hand`` (North deals), OpenSpiel's 52 deal actions
  from the same list (OpenSpiel gives its first card to North, cardcli to the dealer's left, so its list
  starts at the fourth card: every seat gets the same 13 cards);
* **the same moves**: the random auction and play are chosen once, before the clock starts, and each
  side keeps, per position, the place of the chosen move in *its own* legal list. Timed, each side asks
  for its legal list and makes the move at that place: one list index of policy on each side, the same
  calls and cards, the same game lengths (the lists are checked to hold the same moves);
* **the same clock**: CPU time, rounds taken in turn, the **median** of 5 rounds for each side.

cardcli's legal moves include claims; a playout asks for them without (``legal_moves(state,
claims=False)``), as OpenSpiel has none. cardcli is measured four ways, in the same race:

* **game API (moves)**: ``legal_moves`` + ``apply`` on the state (move objects, an outcome per move);
* **game API (ids)**, the lean path: ``legal_ids`` + ``play_id`` (OpenSpiel's action numbers, the legal
  list a shared tuple, every move checked, no outcome);
* **Table.push** and **Table.push_id**: the same two through :class:`~cardcli.engine.fold.Table` in
  trusting mode (what live play and resume use: each move also logged in notation; ``push_id`` checks
  every move even so), with their overhead over the game API.

Then the two halves alone: legal-move generation on recorded positions, and applying recorded games
(deal and every move, no generation); and ``replay verify`` of one long rubber cut after 4, 8, 16 …
hands, whose time per hand stays flat when verification is linear in the hands.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest

from cardcli import native
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import Table
from cardcli.engine.registry import load
from cardcli.games.bridge import moves as mv
from tests.benchmarks.test_playout_speed import rate

ROUND = 0.8
"""CPU seconds of each contender's turn in one round of the race."""
ROUNDS = 5
"""Rounds of the race, taken in turn; each side's figure is its median round."""
POOL = 200
"""Deals (and their chosen moves) the race cycles through."""
SHORT = 1.0
"""Seconds for each half-benchmark (legal moves alone, apply alone)."""
OPENSPIEL_GAME = "bridge(use_double_dummy_result=false)"

clock = time.process_time


def openspiel_action(move: Any) -> int:
    """OpenSpiel's action for a cardcli call or card (cards rank * 4 + suit, clubs first; calls from 52)."""
    if type(move) is mv.Play:
        return "23456789TJQKA".index(move.card[0]) * 4 + "CDHS".index(move.card[1])
    if type(move) is mv.Pass:
        return 52
    if type(move) is mv.Double:
        return 53
    if type(move) is mv.Redouble:
        return 54
    return 55 + move.index


def openspiel_deal(deck: list[str]) -> list[int]:
    """The 52 deal actions giving OpenSpiel's seats the hands cardcli deals from ``deck`` with North
    dealing (cardcli's first card goes to East, OpenSpiel's to North)."""
    return [openspiel_action(mv.Play(c)) for c in deck[3:] + deck[:3]]


Chosen = list[tuple[list[str], list[int]]]
"""Per deal: the deck and, per position, the place of the chosen move in cardcli's legal list."""


def choose(game: Any, config: Any, deals: int = POOL, seed: str = "race") -> tuple[Chosen, list[tuple[list[int], list[int]]]]:
    """Random legal games on seeded deals, chosen once: cardcli's (deck, places) and OpenSpiel's (deal
    actions, places), the same moves at each side's place in its own list."""
    rng = random.Random(seed)
    ours: Chosen = []
    moves_of: list[list[Any]] = []
    for d in range(deals):
        deck = shuffled_deck(game.deck(config, 4), seed, d + 1)
        state = game.new_match(config, 4, 0)
        game.start_hand(state, deck)
        places: list[int] = []
        made: list[Any] = []
        while state.phase != "over":
            legal = game.legal_moves(state, claims=False)
            # mostly passes in the auction, as random calls would bid seven of something every time
            if state.phase == "auction" and rng.random() < 0.5:
                k = 0
            else:
                k = rng.randrange(len(legal))
            places.append(k)
            made.append(legal[k])
            game.apply(state, legal[k])
        ours.append((deck, places))
        moves_of.append(made)
    return ours, [(openspiel_deal(deck), [openspiel_action(m) for m in made]) for (deck, _), made in zip(ours, moves_of)]


def openspiel_places(pyspiel: Any, games: list[tuple[list[int], list[int]]]) -> list[tuple[list[int], list[int]]]:
    """The same games as OpenSpiel's (deal actions, places in its legal lists); checks that both
    sides list the same moves everywhere."""
    osgame = pyspiel.load_game(OPENSPIEL_GAME)
    out = []
    for deal, actions in games:
        state = osgame.new_initial_state()
        for a in deal:
            state.apply_action(a)
        places = []
        for a in actions:
            legal = state.legal_actions()
            places.append(legal.index(a))
            state.apply_action(a)
        assert state.is_terminal()
        out.append((deal, places))
    return out


def _moves(state: Any, places: list[int], legal_moves: Any, apply: Any) -> None:
    for k in places:
        apply(state, legal_moves(state, claims=False)[k])


def _ids(state: Any, places: list[int], legal_ids: Any, play_id: Any) -> None:
    for k in places:
        play_id(state, legal_ids(state)[k])


def _pushed_moves(state: Any, places: list[int], legal_moves: Any, push: Any) -> None:
    for k in places:
        push(legal_moves(state, claims=False)[k])


def _pushed_ids(state: Any, places: list[int], legal_ids: Any, push_id: Any) -> None:
    for k in places:
        push_id(legal_ids(state)[k])


def cardcli_playout(game: Any, config: Any, games: Chosen, lean: bool = False, table: bool = False) -> Callable[[int], int]:
    """One of cardcli's four paths: the game API or :class:`Table` (trusting, every move logged), by move
    objects (``legal_moves`` + ``apply``/``push``) or by ids, the lean path (``legal_ids`` +
    ``play_id``/``push_id``: a shared tuple of ids, no outcome)."""
    legal = game.legal_ids if lean else game.legal_moves
    loop = (_pushed_ids if lean else _pushed_moves) if table else _ids if lean else _moves
    make = game.play_id if lean else game.apply
    new_match, start_hand = game.new_match, game.start_hand

    def run(g: int) -> int:
        deck, places = games[g % len(games)]
        if table:
            t: Table[Any, Any] = Table(game, config, 4, 0, strict=False)
            t.deal(deck)
            state = t.state
            loop(state, places, legal, t.push_id if lean else t.push)
        else:
            state = new_match(config, 4, 0)
            start_hand(state, deck)
            loop(state, places, legal, make)
        assert state.phase == "over"
        return len(places)

    return run


def openspiel_playout(pyspiel: Any, games: list[tuple[list[int], list[int]]]) -> Callable[[int], int]:
    osgame = pyspiel.load_game(OPENSPIEL_GAME)

    def run(g: int) -> int:
        deal, places = games[g % len(games)]
        state = osgame.new_initial_state()
        apply = state.apply_action
        for a in deal:
            apply(a)
        legal = state.legal_actions
        for k in places:
            apply(legal()[k])
        state.returns()
        assert state.is_terminal()
        return len(places)

    return run


def _rate(run_one: Callable[[random.Random], int], seconds: float = SHORT) -> tuple[float, float]:
    """(runs/s, moves/s) of ``run_one`` (one run, returns its moves) over about ``seconds``."""
    return rate(run_one, seconds)


def timed(run: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """(games/s, moves/s) of ``run`` over about ``seconds`` of CPU time, from the pool's first deal."""
    g = moves = 0
    start = clock()
    while True:
        moves += run(g)
        g += 1
        spent = clock() - start
        if spent >= seconds:
            return g / spent, moves / spent


def race(runs: dict[str, Callable[[int], int]], rounds: int = ROUNDS, seconds: float = ROUND) -> dict[str, list[float]]:
    """Each contender's games/s in each of ``rounds`` rounds taken in turn (a busy machine then slows
    every side alike, and the median drops a round something else interrupted)."""
    got: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            got[name].append(timed(run, seconds)[0])
    return got


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


LABELS = {
    "api": "game API (moves)",
    "lean": "game API (ids: lean path)",
    "table": "Table.push (moves)",
    "table_lean": "Table.push_id (ids)",
    "openspiel": "OpenSpiel",
}


@pytest.mark.benchmark
def test_bridge_random_playouts_against_openspiel() -> None:
    game: Any = load("bridge")
    config = game.presets["rubber"]
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    ours, theirs = choose(game, config)
    runs = {
        "api": cardcli_playout(game, config, ours),
        "table": cardcli_playout(game, config, ours, table=True),
        "lean": cardcli_playout(game, config, ours, lean=True),
        "table_lean": cardcli_playout(game, config, ours, lean=True, table=True),
    }
    if pyspiel is not None:
        runs["openspiel"] = openspiel_playout(pyspiel, openspiel_places(pyspiel, theirs))
    got = race(runs)
    med = {name: statistics.median(r) for name, r in got.items()}
    moves = sum(len(p) for _, p in ours) / len(ours)
    path = "compiled" if native.compiled() else "pure"
    lines = [f"{len(ours)} seeded deals, {moves:.1f} moves a deal on average, median of {ROUNDS} rounds in turn"]
    lines.append(f"cardcli's path: {native.status()}")
    if native.stale():
        lines.append("WARNING: a compiled build exists but is stale or unusable: these are the pure-Python figures")
    for name, label in LABELS.items():
        if name in med:
            rounds = " ".join(f"{r:.0f}" for r in got[name])
            tag = "" if name == "openspiel" else f" [{path}]"
            lines.append(f"{label:25}: {med[name]:7.0f} games/s {med[name] * moves:8.0f} moves/s  (rounds {rounds}){tag}")
    lines.append(
        f"table overhead over the game API: {100 * (med['api'] / med['table'] - 1):.0f}% (moves), "
        f"{100 * (med['lean'] / med['table_lean'] - 1):.0f}% (ids)"
    )
    if pyspiel is not None:
        for name in ("api", "table", "lean", "table_lean"):
            per_round = " ".join(f"{a / o:.2f}" for a, o in zip(got[name], got["openspiel"]))
            lines.append(
                f"ratio to OpenSpiel, {LABELS[name]:25}: {med[name] / med['openspiel']:.2f}x (per round {per_round}) [{path}]"
            )
    print("\nrandom bridge playouts, same deals and moves on both sides\n  " + "\n  ".join(lines))
    print(f"legal-move generation and apply alone [{path}]\n  " + "\n  ".join(halves(game, config, pyspiel)))
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
