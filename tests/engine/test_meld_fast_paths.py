"""The meld search and the rummy and burraco move generators against what they gave before they were
made incremental: candidate melds of seeded hands under every game's meld rules, and legal moves,
outcome facts and positions of seeded random playouts of rummy and burraco, each pinned by a digest."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from cardcli.engine.cards import multi_deck
from cardcli.engine.meld_search import best_partition, candidate_melds
from cardcli.engine.melds import MeldRules
from cardcli.engine.registry import load
from cardcli.testing import dealt

PINNED_MELDS = "e98d4c092e877143"
"""Candidate melds of :func:`meld_digest` (every game's meld rules, 400 seeded hands each)."""
PINNED_RUMMY = "e710400942ed9da6"
PINNED_BURRACO = "7c8b04198373a154"
"""Legal moves, facts and positions of :func:`playout_digest`, as the rules gave them before."""


def _rules() -> list[MeldRules]:
    out: list[MeldRules] = []
    for name in ("rummy", "burraco", "canasta"):
        game: Any = load(name)
        for config in game.presets.values():
            rules = config.meld_rules() if hasattr(config, "meld_rules") else None
            if isinstance(rules, MeldRules) and rules not in out:
                out.append(rules)
    for ace in ("low", "high", "both", "wrap"):
        out.append(MeldRules(ace=ace))  # type: ignore[arg-type]
    out.append(MeldRules(wild_twos=True, natural_two_in_place=True, max_wilds_run=1, max_wilds_set=1, set_ranks="A3456789TJQK"))
    out.append(MeldRules(wild_twos=True, max_wilds_run=2, max_wilds_set=2, naturals_exceed_wilds=True, min_naturals=2))
    return out


def meld_digest(hands: int) -> tuple[int, str]:
    digest = hashlib.sha256()
    rng = random.Random(11)
    found = 0
    for rules in _rules():
        deck = multi_deck(2, jokers=4)
        for i in range(hands):
            rng.shuffle(deck)
            hand = deck[: rng.choice((7, 9, 11, 13, 15, 18))]
            got = candidate_melds(hand, rules)
            found += len(got)
            digest.update(repr((rules, sorted(hand), got)).encode())
            if i % 20 == 0 and len(hand) <= 11:
                digest.update(repr(best_partition(hand, rules, lambda c: 10 if c[0] in "TJQK" else 5)).encode())
    return found, digest.hexdigest()[:16]


def playout_digest(name: str, games: int, players: tuple[int, ...]) -> tuple[int, str]:
    game: Any = load(name)
    digest = hashlib.sha256()
    rng = random.Random(5)
    positions = 0
    presets = list(game.presets)
    for g in range(games):
        config = game.presets[presets[g % len(presets)]]
        n = players[g % len(players)]
        state = dealt(game, config, n, rng)
        moves = 0
        while game.to_act(state) is not None and moves < 1500:
            legal = game.legal_moves(state)
            if name == "burraco":  # the pin is of the plain moves (the others are listed too since: issue 27)
                from cardcli.games.burraco.moves import plain_moves

                legal = plain_moves(legal)
            positions += 1
            digest.update(repr((game.to_act(state), [game.format_move(m) for m in legal])).encode())
            pick = legal[rng.randrange(len(legal))]
            if rng.random() < 0.05:
                state = state.clone()
            out = game.apply(state, pick)
            moves += 1
            digest.update(
                repr((out.seat, game.format_move(out.move), sorted(out.facts.items()), sorted(out.private.items()))).encode()
            )
            digest.update(
                repr((state.phase, state.turn, state.hands, state.discard, state.stock, [repr(m) for m in state.melds])).encode()
            )
        digest.update(repr((state.result, state.totals)).encode())
    return positions, digest.hexdigest()[:16]


def test_candidate_melds_are_as_before() -> None:
    found, digest = meld_digest(400)
    assert found > 10_000
    assert digest == PINNED_MELDS


def test_rummy_legal_moves_facts_and_positions_are_as_before() -> None:
    positions, digest = playout_digest("rummy", 60, (2, 3, 4, 6))
    assert positions > 10_000
    assert digest == PINNED_RUMMY


def test_burraco_legal_moves_facts_and_positions_are_as_before() -> None:
    positions, digest = playout_digest("burraco", 80, (4, 2))
    assert positions > 15_000
    assert digest == PINNED_BURRACO
