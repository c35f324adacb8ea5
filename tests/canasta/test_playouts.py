"""Seeded bot-vs-bot hands with invariants (cardcli.testing.playout).

At sampled positions: all 162 cards are in exactly one place, the generator and
the checker agree (every listed move is allowed, moves seen elsewhere and not
listed are refused with a rule of the rulebook), notation round-trips, and no
view changes when the cards its seat cannot see — other hands, the stock, the
covered part of the pozzo — are shuffled. Card conservation is also checked at
the end of every hand.

The default run plays 1,000 hands: 80 with every position checked, the rest
sampled (every 7th position, views every 14th) so that the suite stays quick;
the soak run checks every position of 3,000 more.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from cardcli.engine.registry import load
from cardcli.games.canasta.config import PRESETS, CanastaConfig
from cardcli.testing import PlayoutStats, playout

CASES = [
    ("standard", 4, ("basic", "random")),
    ("standard", 4, ("basic",)),
    ("standard", 2, ("basic", "random")),
    ("standard", 4, ("random",)),
    ("s0", 4, ("basic", "random")),
    ("s0", 2, ("basic",)),
    ("s2", 4, ("basic", "random")),
    ("s2", 2, ("random", "basic")),
]


def _run(case: int, hands: int, check_every: int, leak_every: int, start: int = 0) -> PlayoutStats:
    game = load("canasta")
    preset, players, bots = CASES[case]
    total = PlayoutStats()
    for i in range(start, start + hands):
        st = playout(
            game,
            PRESETS[preset],
            players,
            f"canasta-{preset}-{players}-{i}",
            list(bots),
            max_hands=1,
            check_every=check_every,
            leak_every=leak_every,
        )
        total.hands += st.hands
        total.moves += st.moves
        total.checks += st.checks
        total.results.extend(st.results)
    return total


@pytest.mark.parametrize("case", range(len(CASES)))
def test_thousand_hands(case: int) -> None:
    """8 cases × 125 hands = 1,000 hands."""
    full = _run(case, 10, check_every=1, leak_every=3)
    sampled = _run(case, 115, check_every=7, leak_every=14, start=10)
    assert full.hands + sampled.hands == 125
    assert full.checks > 0 and sampled.checks > 0
    # every hand ends: by going out or by the stock running out
    for res in full.results + sampled.results:
        assert len(res.points) == 2 and res.detail["sides"]


def test_whole_matches_end() -> None:
    """Matches to 15000 (the opening minimum rising with the score) for each preset, both sizes."""
    game = load("canasta")
    for preset in PRESETS:
        for players in (4, 2):
            st = playout(game, PRESETS[preset], players, f"match-{preset}-{players}", ["basic"], check_every=10, leak_every=30)
            assert st.hands >= 2
            assert max(st.results[-1].totals) >= 15000


OPTIONS = {
    "direction": ["clockwise", "counterclockwise"],
    "red3_deal_replacement": ["bottom", "top"],
    "upcard_black3_allowed": [True, False],
    "rejected_upcard_to_pozzo": [True, False],
    "pozzo_ace_count": [14, 11],
    "pozzo_extra_draw": [0, 1],
    "wild_top_takeable": [True, False],
    "pozzo_blocked_by_own_canasta_or_progetto": [True, False],
    "pozzo_allowed_when_stock_empty": [True, False],
    "canasta_closed_at_seven": [True, False],
    "new_meld_after_closed_canasta": [True, False],
    "max_wilds_per_meld": [1, 2, 3],
    "min_naturals_before_wild": [2, 3, 5],
    "no_dirtying_while_wild_meld_open": ["both", "pinelle_only", "twos_only", "off"],
    "opening_table": ["s0", "rg"],
    "opening_wilds": ["five_naturals", "none", "as_in_play"],
    "opening_wild_meld": ["any_valid", "2J1P_only", "none"],
    "meld_before_draw": [True, False],
    "go_out_discard": ["optional", "required"],
    "go_out_forbidden_discards": ["wild+black3", "black3", "none"],
    "wild_canastas_count": [True, False],
    "ask_partner": ["optional", "off", "mandatory"],
    "red3_rule": ["s0", "s2", "rg", "brazil", "flat"],
    "red3_from_pozzo_replaced": [True, False],
    "hand_penalty_scope": ["all", "opponents_only"],
    "double_scope": ["hand", "all_negative", "off"],
    "unfinished_wild_meld_penalty": ["none", "minus_card_values"],
    "samba_bonuses": [True, False],
}


def test_random_option_combinations() -> None:
    """Every option takes part: 40 hands under random combinations, every 2nd position checked."""
    game = load("canasta")
    for seed in range(40):
        r = random.Random(seed)
        cfg = CanastaConfig(**{k: r.choice(v) for k, v in OPTIONS.items()})  # type: ignore[arg-type]
        players = r.choice([2, 4])
        bots = r.choice([["basic"], ["random"], ["basic", "random"]])
        try:
            playout(game, cfg, players, f"options-{seed}", bots, max_hands=1, check_every=2, leak_every=6)
        except AssertionError as err:
            raise AssertionError(f"{err} with {players} players, options {msgspec.to_builtins(cfg)}") from None


@pytest.mark.soak
@pytest.mark.parametrize("case", range(len(CASES)))
def test_soak_every_position(case: int) -> None:
    st = _run(case, 375, check_every=1, leak_every=2, start=1000)
    assert st.hands == 375


@pytest.mark.soak
def test_soak_option_combinations() -> None:
    game = load("canasta")
    for seed in range(1000, 1600):
        r = random.Random(seed)
        cfg = CanastaConfig(**{k: r.choice(v) for k, v in OPTIONS.items()})  # type: ignore[arg-type]
        playout(
            game,
            cfg,
            r.choice([2, 4]),
            f"options-{seed}",
            r.choice([["basic"], ["random"], ["basic", "random"]]),
            max_hands=1,
            check_every=1,
            leak_every=3,
        )
