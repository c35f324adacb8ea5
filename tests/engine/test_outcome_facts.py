"""Every fact a game's moves report is one its facts type declares.

The narrators read ``Outcome.facts`` through each game's ``TypedDict`` (``RummyFacts`` …), so mypy
checks every fact written by ``apply`` in plain code; this test covers what the type checker cannot
see: facts built once and shared as read-only mappings (bridge's cards and tricks) and the merged
view :meth:`Outcome.seen_by` hands a narrator. Random moves, bounded by count.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardcli.engine.game import Outcome
from cardcli.engine.registry import load
from cardcli.testing import dealt

FACTS = {
    "bridge": ("cardcli.games.bridge.moves", "BridgeFacts", 4),
    "burraco": ("cardcli.games.burraco.moves", "BurracoFacts", 4),
    "canasta": ("cardcli.games.canasta.moves", "CanastaFacts", 2),
    "eleusis": ("cardcli.games.eleusis.moves", "EleusisFacts", 4),
    "rummy": ("cardcli.games.rummy.moves", "RummyFacts", 3),
}


def _outcomes(name: str, players: int, moves: int) -> list[Outcome[Any]]:
    """The outcomes of up to ``moves`` random legal moves, over as many hands as that takes."""
    game: Any = load(name)
    rng = random.Random(name)
    config = game.presets[game.default_preset]
    state = dealt(game, config, players, rng)
    got: list[Outcome[Any]] = []
    while len(got) < moves:
        if game.match_over(state) or game.needs_deal(state):
            state = dealt(game, config, players, rng)
            continue
        legal = game.legal_moves(state)
        got.append(game.apply(state, legal[rng.randrange(len(legal))]))
    return got


@pytest.mark.parametrize("name", sorted(FACTS))
def test_every_reported_fact_is_declared(name: str) -> None:
    module, type_name, players = FACTS[name]
    declared = getattr(__import__(module, fromlist=[type_name]), type_name)
    keys = set(declared.__annotations__)
    reported: set[str] = set()
    for out in _outcomes(name, players, 600):
        public = set(out.facts)
        reported |= public
        for seat, secret in out.private.items():
            reported |= set(secret)
            assert set(out.seen_by(seat)) == public | set(secret)
        assert set(out.seen_by(None)) == public  # a spectator is told only the public facts
    assert reported <= keys, f"{name} reports undeclared facts: {sorted(reported - keys)}"
    assert len(reported) >= 3  # the moves met report facts at all
