"""The shared playout harness's deeper checks (OpenSpiel's): save/resume round trips mid-game,
clone-then-apply, unique notations and narration leaks — run for every game."""

from __future__ import annotations

import pytest

from cardcli.engine.registry import load
from cardcli.testing import InvariantError, PlayoutStats, playout

GAMES = [
    ("rummy", 3, "basic"),
    ("bridge", 4, "heuristic"),
    ("burraco", 4, "basic"),
    ("canasta", 2, "basic"),
    ("eleusis", 4, "normal"),
]


@pytest.mark.parametrize(("name", "players", "bot"), GAMES)
def test_mid_game_save_resume_and_clone_checks(name: str, players: int, bot: str) -> None:
    game = load(name)
    config = game.presets[game.default_preset]
    stats = PlayoutStats()
    for seed in ("r1", "r2"):
        playout(game, config, players, seed, [bot], max_hands=1, check_every=3, leak_every=2, resume_every=17, stats=stats)
    assert stats.hands == 2 and stats.moves > 20


def test_the_resume_check_catches_a_game_whose_replay_differs() -> None:
    """A game that deals differently from the registered one (so its log does not say how its
    position came about) must fail the round trip, which folds the log with the registered game."""
    from cardcli.games.rummy.rules import RummyGame

    class Forgetting(RummyGame):
        def start_hand(self, state, deck):  # type: ignore[no-untyped-def]
            super().start_hand(state, deck)
            state.discard.append(state.stock.pop())

    with pytest.raises(InvariantError, match="resum"):
        playout(Forgetting(), RummyGame.presets["standard"], 2, "x", ["basic"], max_hands=1, resume_every=5)
