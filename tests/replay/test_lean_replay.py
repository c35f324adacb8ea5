"""The meld games' lean replay path (``replay_move``) against the full path (check, then apply).

A strict fold with no visitor watching single moves takes the lean path; one with such a visitor
takes the full one, move by move. Both must give the same verdict on every journal: the same
position and results on seeded random playouts, and the same refusal, word for word, on
journals with one move changed or one card swapped. The games' counters prove which path ran,
so the test fails if the lean path were switched off as well as if it let an illegal move by.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardcli.engine.fold import FoldError, HandLog, LoggedMove, Table, Visitor, fold
from cardcli.engine.registry import load
from cardcli.games.burraco import replaying as burraco_lean
from cardcli.games.canasta import replaying as canasta_lean
from cardcli.games.canasta.tokens import token

LEAN = {"canasta": canasta_lean.TAKEN, "burraco": burraco_lean.TAKEN}
PRESETS = {"canasta": ["standard", "s0"], "burraco": ["fibur-italiano", "fibur-internazionale"]}


class _Watch(Visitor):
    """A visitor that watches single moves: the fold then takes the full path for every move."""

    def before_move(self, table: Table[Any, Any], seat: int, move: Any) -> None:
        pass


def _journal(name: str, seed: int) -> tuple[Any, Any, int, int, list[HandLog]]:
    """A seeded random playout of up to two hands (any legal move, every spelling the list has)."""
    game: Any = load(name)
    rng = random.Random(seed)
    preset = PRESETS[name][seed % 2]
    config = game.presets[preset]
    players = 4 if seed % 3 else 2
    dealer = rng.randrange(players)
    table: Table[Any, Any] = Table(game, config, players, dealer)
    for _ in range(2):
        if not table.needs_deal():
            break
        deck = list(game.deck(config, players))
        rng.shuffle(deck)
        table.deal(deck)
        while game.to_act(table.state) is not None and table.ply < 600:
            legal = game.legal_moves(table.state)
            table.push(legal[rng.randrange(len(legal))])
        if game.to_act(table.state) is not None:  # a long random hand: keep the part played
            break
    hands = [HandLog(list(h.deck), [LoggedMove(m.seat, m.move) for m in h.moves]) for h in table.hands]
    return game, config, players, dealer, hands


def _verdict(name: str, game: Any, config: Any, players: int, dealer: int, hands: list[HandLog], lean: bool) -> tuple[str, int]:
    """What a strict fold says of the journal (the refusal, or the position and results), and how
    many moves the lean path made."""
    before = LEAN[name][0]
    try:
        table = fold(game, config, players, dealer, hands, visitors=() if lean else [_Watch()])
    except FoldError as err:
        said = "refused: " + str(err)
    else:
        said = repr((table.state, table.results))
    return said, LEAN[name][0] - before


@pytest.mark.parametrize("name", ["canasta", "burraco"])
def test_lean_and_full_paths_agree_on_seeded_playouts(name: str) -> None:
    lean_moves = total = 0
    for seed in range(4):
        game, config, players, dealer, hands = _journal(name, seed)
        moves = sum(len(h.moves) for h in hands)
        total += moves
        lean, taken = _verdict(name, game, config, players, dealer, hands, lean=True)
        full, none = _verdict(name, game, config, players, dealer, hands, lean=False)
        assert not lean.startswith("refused"), lean
        assert lean == full
        assert none == 0  # the full path never goes through the lean one
        lean_moves += taken
    assert lean_moves == total > 300  # every legal move took the lean path


def _corrupt(name: str, hands: list[HandLog], rng: random.Random, deck: list[str]) -> list[HandLog]:
    """The journal with one move changed: a card swapped for another of the deck, or the move
    replaced by one made elsewhere in the journal."""
    out = [HandLog(list(h.deck), list(h.moves)) for h in hands]
    h = rng.randrange(len(out))
    moves = out[h].moves
    i = rng.randrange(len(moves))
    words = moves[i].move.split()
    cards = [k for k, w in enumerate(words) if k and w not in ("to",) and not w.isdigit() and "=" not in w]
    if cards and rng.random() < 0.7:
        k = rng.choice(cards)
        words[k] = rng.choice(deck)
        text = " ".join(words)
    else:
        other = rng.choice([m for hand in out for m in hand.moves])
        text = other.move
    moves[i] = LoggedMove(moves[i].seat, text)
    return out


def _plausible(
    name: str, game: Any, config: Any, players: int, dealer: int, hands: list[HandLog], rng: random.Random
) -> list[HandLog]:
    """The journal with one move replaced by a move that looks right there: a discard (or a close) of
    a card the seat holds, or a move the journal makes a little later (a meld, an attachment)."""
    h = rng.randrange(len(hands))
    i = rng.randrange(len(hands[h].moves))
    table = fold(game, config, players, dealer, hands, until=(h + 1, i))
    state = table.state
    seat = game.to_act(state)
    held = sorted(set(state.hands[seat])) if seat is not None else []
    if name == "canasta":
        shaped = [f"discard {t}" for t in sorted({token(c) for c in held})]
    else:
        shaped = [f"{verb} {c}" for c in held for verb in ("discard", "close")]
    later = [m.move for m in hands[h].moves[i + 1 : i + 6]]
    options = [t for t in shaped + later if t != hands[h].moves[i].move]
    out = [HandLog(list(x.deck), list(x.moves)) for x in hands]
    if options:
        out[h].moves[i] = LoggedMove(out[h].moves[i].seat, rng.choice(options))
    return out


@pytest.mark.parametrize("name", ["canasta", "burraco"])
def test_lean_and_full_paths_judge_plausible_moves_alike(name: str) -> None:
    rng = random.Random(5)
    refused = allowed = 0
    for seed in range(4):
        game, config, players, dealer, hands = _journal(name, seed)
        for _ in range(30):
            bad = _plausible(name, game, config, players, dealer, hands, rng)
            lean, taken = _verdict(name, game, config, players, dealer, bad, lean=True)
            full, none = _verdict(name, game, config, players, dealer, bad, lean=False)
            assert lean == full, (lean, full)
            assert none == 0 and taken > 0
            refused += lean.startswith("refused")
            allowed += not lean.startswith("refused")
    assert refused >= 40 and allowed >= 2  # both verdicts met, on moves the seat could have tried


@pytest.mark.parametrize("name", ["canasta", "burraco"])
def test_lean_and_full_paths_refuse_the_same_corrupted_journals(name: str) -> None:
    rng = random.Random(11)
    refused = lean_before_refusal = 0
    for seed in range(4):
        game, config, players, dealer, hands = _journal(name, seed)
        cards = sorted(set(game.deck(config, players)))
        deck = sorted({token(c) for c in cards}) if name == "canasta" else cards
        for _ in range(12):
            bad = _corrupt(name, hands, rng, deck)
            lean, taken = _verdict(name, game, config, players, dealer, bad, lean=True)
            full, none = _verdict(name, game, config, players, dealer, bad, lean=False)
            assert lean == full, (lean, full)
            assert none == 0
            if lean.startswith("refused"):
                refused += 1
                lean_before_refusal += taken > 0
    assert refused >= 30  # most changed moves are illegal there, and both paths say why alike
    assert lean_before_refusal == refused  # the lean path ran up to each refusal
