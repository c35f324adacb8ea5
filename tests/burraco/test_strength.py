"""The default burraco bot against the first one (``basic-v1``): a short seeded run.

20 deals, each played from both sides (40 matches). With two players the new bot is
clearly stronger (about 60%); with four it is about even (the full figures over 200
matches are in ``tests/benchmarks/test_meld_strength.py``), so that run only checks
that it is not weaker.
"""

from __future__ import annotations

from benchmarks.matchup import head_to_head

from cardcli.games.burraco.basic_v1 import BasicBurracoBot
from cardcli.games.burraco.bots import BurracoBot


def test_default_bot_beats_the_first_one_two_players() -> None:
    t = head_to_head("burraco", BurracoBot, BasicBurracoBot, 20, players=2, base="short")
    assert t.rate > 0.55 and t.margin > 0, (t.rate, t.margin / t.matches)


def test_default_bot_is_not_weaker_four_players() -> None:
    t = head_to_head("burraco", BurracoBot, BasicBurracoBot, 20, base="short")
    assert t.rate >= 0.45, (t.rate, t.margin / t.matches)
