"""Canasta and burraco bot strength: each game's default bot against its first one (``basic-v1``) and
against variants of itself.

Run with ``pytest -m benchmark -s tests/benchmarks/test_meld_strength.py`` (``-k canasta`` for one
game). Every deal is played twice, once from each side (see ``matchup.py``), so 100 deals are 200
matches. The variants switch off one change each, to show what each change is worth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from benchmarks.matchup import head_to_head

from cardcli.games.burraco.basic_v1 import BasicBurracoBot
from cardcli.games.burraco.bots import BurracoBot
from cardcli.games.canasta.basic_v1 import BasicCanastaBot
from cardcli.games.canasta.bots import CanastaBot

pytestmark = pytest.mark.benchmark

BOTS: dict[str, tuple[type[Any], type[Any]]] = {
    "canasta": (CanastaBot, BasicCanastaBot),
    "burraco": (BurracoBot, BasicBurracoBot),
}
"""Each game's default bot and its first bot."""

VARIANTS: dict[str, dict[str, Callable[[], Any]]] = {
    "canasta": {
        "keep_wilds=False": lambda: CanastaBot(keep_wilds=False),
        "keep_pairs=False": lambda: CanastaBot(keep_pairs=False),
        "no_feed=True": lambda: CanastaBot(no_feed=True),
    },
    "burraco": {
        "single_pile=False": lambda: BurracoBot(single_pile=False),
        "no_feed=False": lambda: BurracoBot(no_feed=False),
        "eager_pile=False": lambda: BurracoBot(eager_pile=False),
    },
}


@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("game", list(BOTS))
def test_default_against_the_first_bot(game: str, players: int) -> None:
    default, first = BOTS[game]
    t = head_to_head(game, default, first, 100, players=players, base="strength")
    print(
        f"\n{game}, {players} players, {t.matches} matches: basic beats basic-v1 in {100 * t.rate:.1f}%"
        f" (average margin {t.margin / t.matches:+.0f} points)"
    )
    print(
        f"  think time per decision: basic median {t.median_ms(0):.2f} ms, p95 {t.p95_ms(0):.2f} ms;"
        f" basic-v1 median {t.median_ms(1):.2f} ms, p95 {t.p95_ms(1):.2f} ms"
    )
    assert t.rate > 0.5


@pytest.mark.parametrize(("game", "name"), [(g, n) for g, v in VARIANTS.items() for n in v])
def test_default_against_variants(game: str, name: str) -> None:
    t = head_to_head(game, BOTS[game][0], VARIANTS[game][name], 100, base="strength")
    print(
        f"\n{game}, 4 players, {t.matches} matches: basic beats the variant {name} in {100 * t.rate:.1f}%"
        f" (average margin {t.margin / t.matches:+.0f} points)"
    )
