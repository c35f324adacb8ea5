"""Seeded bot-vs-bot rummy with every invariant checked (cards conserved, generator = checker,
notation round trip, no view leaks), and the basic bot's strength against random play."""

from __future__ import annotations

import pytest

from cardcli.engine.registry import load
from cardcli.testing import PlayoutStats, playout

GAME = load("rummy")
BOT_MIXES = [("basic", "random"), ("random",), ("basic",), ("random", "basic", "basic")]


# Six blocks run by default; the other four (the rest of the thousand) with `-m soak`, to keep the
# default run near ten minutes on two cores.
@pytest.mark.parametrize("block", [*range(6), *(pytest.param(b, marks=pytest.mark.soak) for b in range(6, 10))])
def test_one_thousand_hands_keep_the_invariants(block: int) -> None:
    """10 blocks x 100 seeded hands over every player count, preset and bot mix."""
    stats = PlayoutStats()
    for i in range(100):
        seed = block * 100 + i
        players = 2 + seed % 5
        preset = "pagat" if seed % 3 == 0 else "standard"
        config = GAME.presets[preset]
        if seed % 7 == 0:
            import msgspec

            config = msgspec.structs.replace(config, ace=("high-or-low", "wrap")[seed % 2])
        playout(
            GAME,
            config,
            players,
            seed,
            BOT_MIXES[seed % len(BOT_MIXES)],
            max_hands=1,
            check_every=2 if seed % 2 else 1,
            stats=stats,
        )
    assert stats.hands == 100
    assert stats.checks > 1000 and stats.refusals_checked > 500


def test_whole_matches_end() -> None:
    for seed in range(6):
        stats = playout(GAME, GAME.presets["standard"], 2 + seed % 3, f"match-{seed}", ["basic"], check_every=5)
        assert stats.results and max(stats.results[-1].totals) >= GAME.presets["standard"].target_for(2 + seed % 3)


def test_basic_bot_beats_random_in_ninety_percent_of_matches() -> None:
    """200 seeded 2-player matches, the basic bot in each seat half the time."""
    from cardcli.commands.simulate import play_one

    wins = 0
    for i in range(200):
        bots = ("basic", "random") if i % 2 == 0 else ("random", "basic")
        out = play_one("rummy", f"strength/{i}", 2, bots, None, {}, None)
        basic_seat = 0 if i % 2 == 0 else 1
        wins += out.winners == [basic_seat]
    assert wins >= 180, f"basic won {wins} of 200"


@pytest.mark.soak
def test_soak_ten_thousand_hands() -> None:
    for seed in range(10_000):
        playout(GAME, GAME.presets["standard"], 2 + seed % 5, f"soak-{seed}", BOT_MIXES[seed % 4], max_hands=1, check_every=3)
