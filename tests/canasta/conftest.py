"""Fixtures for the canasta tests: the game, and a judge that asks both the checker and the
generator about a move (they must agree on every position the rule tables build)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardcli.engine.registry import load
from cardcli.engine.verdict import Verdict


@pytest.fixture(scope="session")
def game() -> Any:
    return load("canasta")


Judge = Callable[[Any, str], Verdict]


@pytest.fixture
def judge(game: Any) -> Judge:
    """``judge(state, "meld K K K")`` → the checker's verdict, after checking that the
    generator lists the move exactly when the checker allows it, and that a refusal names
    a rule of the rulebook."""

    def run(state: Any, text: str) -> Verdict:
        move = game.parse_move(text)
        verdict = game.check(state, move)
        listed = game.format_move(move) in {game.format_move(m) for m in game.legal_moves(state)}
        assert listed == verdict.ok, f"{text!r}: checker says {verdict}, generator {'lists' if listed else 'omits'} it"
        if not verdict.ok:
            assert verdict.reason and game.rulebook.get(verdict.rule) is not None, verdict
        return verdict

    return run
