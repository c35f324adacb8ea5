"""Canasta bot strength: the default bot against the first one (``basic-v1``) and against variants of itself.

Run with ``pytest -m benchmark -s tests/benchmarks/test_canasta_strength.py``. Every deal is played
twice, once from each side (see ``matchup.py``), so 100 deals are 200 matches. The
variants switch off one change each, to show what each change is worth.
"""

from __future__ import annotations

import pytest
from benchmarks.matchup import head_to_head

from cardcli.games.canasta.basic_v1 import BasicCanastaBot
from cardcli.games.canasta.bots import CanastaBot

pytestmark = pytest.mark.benchmark

VARIANTS = {
    "keep_wilds=False": lambda: CanastaBot(keep_wilds=False),
    "keep_pairs=False": lambda: CanastaBot(keep_pairs=False),
    "no_feed=True": lambda: CanastaBot(no_feed=True),
}


@pytest.mark.parametrize("players", [4, 2])
def test_default_against_the_first_bot(players: int) -> None:
    t = head_to_head("canasta", CanastaBot, BasicCanastaBot, 100, players=players, base="strength")
    print(
        f"\ncanasta, {players} players, {t.matches} matches: basic beats basic-v1 in {100 * t.rate:.1f}%"
        f" (average margin {t.margin / t.matches:+.0f} points)"
    )
    print(
        f"  think time per decision: basic median {t.median_ms(0):.2f} ms, p95 {t.p95_ms(0):.2f} ms;"
        f" basic-v1 median {t.median_ms(1):.2f} ms, p95 {t.p95_ms(1):.2f} ms"
    )
    assert t.rate > 0.5


@pytest.mark.parametrize("name", list(VARIANTS))
def test_default_against_variants(name: str) -> None:
    t = head_to_head("canasta", CanastaBot, VARIANTS[name], 100, base="strength")
    print(
        f"\ncanasta, 4 players, {t.matches} matches: basic beats the variant {name} in {100 * t.rate:.1f}%"
        f" (average margin {t.margin / t.matches:+.0f} points)"
    )
