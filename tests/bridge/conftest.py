"""Helpers for the bridge tests: a game object and states dealt from hand-written hands."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.engine.registry import load
from cardcli.games.bridge.pbn import deck_for, parse_deal

# A deal to reason about by hand (PBN order: spades.hearts.diamonds.clubs), dealer North.
# North AKQJT9 in spades, East AKQJ of hearts, West void in spades.
TEST_DEAL = "N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"


class Table:
    """A game plus one state, with short helpers for moves by notation."""

    def __init__(self, deal: str = TEST_DEAL, dealer: int = 0, preset: str = "rubber") -> None:
        self.game = load("bridge")
        self.config = self.game.presets[preset]
        self.state = self.game.new_match(self.config, 4, dealer)
        hands = parse_deal(deal, "test")
        self.game.start_hand(self.state, deck_for(hands, dealer))

    def do(self, *texts: str) -> None:
        from cardcli.engine.notation import resolve

        for t in texts:
            move = resolve(self.game, self.state, t)
            v = self.game.check(self.state, move)
            assert v.ok, (t, v)
            self.game.apply(self.state, move)

    def check(self, text: str) -> Any:
        return self.game.check(self.state, self.game.parse_move(text))

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)


@pytest.fixture
def table() -> Table:
    return Table()
