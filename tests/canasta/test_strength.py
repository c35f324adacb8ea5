"""The default canasta bot is stronger than the first one (``basic-v1``): a short seeded run.

20 deals, each played from both sides (40 matches). The full figures over 200 matches are in
``tests/benchmarks/test_meld_strength.py``.
"""

from __future__ import annotations

from benchmarks.matchup import head_to_head

from cardcli.games.canasta.basic_v1 import BasicCanastaBot
from cardcli.games.canasta.bots import CanastaBot

MIN_RATE = 0.6


def test_default_bot_beats_the_first_one() -> None:
    t = head_to_head("canasta", CanastaBot, BasicCanastaBot, 20, base="short")
    assert t.rate >= MIN_RATE and t.margin > 0, (t.rate, t.margin / t.matches)
