"""Taking the pozzo (digest §5): every condition of §5.2 and the procedure of §5.3."""

from __future__ import annotations

from collections import Counter

import pytest

from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.position import position


def _start(hand: str = "K K 9 9 9 5 6", pozzo: str = "7C 8D KH", covered: str = "4S 4S 5D", melds=(), **kw: object):
    opts = {k: kw.pop(k) for k in list(kw) if k in CanastaConfig.__struct_fields__}
    return position(
        config=CanastaConfig(**opts),
        hands={0: hand},
        pozzo=pozzo,
        covered=covered,  # type: ignore[arg-type]
        melds={0: list(melds)},
        **kw,
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("setup", "ok", "rule"),
    [
        ({}, True, ""),
        ({"opened": (False, True)}, False, "take.not-opened"),
        ({"pozzo": "KH 3S", "hand": "3 3 K K 9"}, False, "take.black-three"),  # even with black threes
        ({"pozzo": "KH JK"}, False, "take.wild-top"),
        ({"pozzo": "KH 2D"}, False, "take.wild-top"),
        ({"pozzo": "KH JK", "hand": "JK JK JK 5 6", "wild_top_takeable": True}, True, ""),
        ({"pozzo": "KH JK", "hand": "JK JK 5 6", "wild_top_takeable": True}, False, "take.wild-top"),
        ({"pozzo": "KH 2D", "hand": "JK JK JK 5 6", "wild_top_takeable": True}, False, "take.wild-top"),
        ({"hand": "K 9 9 5"}, False, "take.pair"),
        ({"hand": "K JK 2 9 5"}, False, "take.pair"),  # a wildcard never stands in
        ({"needs_three": True}, False, "take.three"),
        ({"needs_three": True, "hand": "K K K 9 5"}, True, ""),
        ({"melds": ("K K K K K K K",)}, False, "take.own-canasta"),  # a closed canasta of kings
        ({"melds": ("K K K K K JK",)}, False, "take.own-canasta"),  # a progetto of kings
        ({"melds": ("K K K K K",)}, True, ""),
        ({"melds": ("K K K K K K K",), "pozzo_blocked_by_own_canasta_or_progetto": False}, True, ""),
        (
            {
                "melds": ("K K K K K K K",),
                "pozzo_blocked_by_own_canasta_or_progetto": False,
                "new_meld_after_closed_canasta": False,
            },
            False,
            "take.meld",
        ),
    ],
)
def test_take_conditions(judge, setup: dict, ok: bool, rule: str) -> None:
    v = judge(_start(**setup), "take")
    assert (v.ok, v.rule) == (ok, rule), v


def test_the_take_itself(game) -> None:
    st = _start(covered="4S 3H 5D")  # a red three hides in the covered block
    stock_before = len(st.stock)
    game.apply(st, game.parse_move("take"))
    assert st.phase == "play" and st.pozzo == [] and st.covered == [] and not st.needs_three
    k = next(m for m in st.melds[0] if m.key == "K")
    assert Counter(c[0] for c in k.cards) == Counter("KKK")
    hand = Counter(st.hands[0])
    # kept 9 9 9 5 6, got 7C 8D 4S 5D, plus one card from the stock (8D filler)
    assert hand == Counter(["9C", "9C", "9C", "5C", "6C", "7C", "8D", "4S", "5D", "8D"])
    assert st.red3[0] == ["3H"]  # no replacement by default
    assert len(st.stock) == stock_before - 1


@pytest.mark.parametrize(
    ("covered", "replaced", "extra", "drawn"),
    [
        ("4S 3H 5D", False, 1, ["QC"]),  # the default: one card more, the red three not replaced
        ("4S 3H 5D", True, 0, ["QC"]),  # the red three replaced, no card more
        ("4S 3H 5D", True, 1, ["QC", "JS"]),  # both
        ("4S 3H 5D", False, 0, []),  # neither
        ("3D 3H 5D", True, 0, ["QC", "JS"]),  # two red threes, two replacements
        ("3D 3H 5D", True, 1, ["QC", "JS", "TH"]),
        ("4S 4S 5D", True, 0, []),  # no red three to replace
    ],
)
def test_take_options(game, covered: str, replaced: bool, extra: int, drawn: list[str]) -> None:
    """Red threes of the covered block replaced from the stock (red3_from_pozzo_replaced) and the card drawn
    after the take (pozzo_extra_draw): each draws its own cards, from the top of the stock (its last card)."""
    st = _start(covered=covered, stock="9S TH JS QC", red3_from_pozzo_replaced=replaced, pozzo_extra_draw=extra)
    before = list(st.stock)
    game.apply(st, game.parse_move("take"))
    assert st.stock == before[: len(before) - len(drawn)]
    reds = [c for c in covered.split() if c in ("3D", "3H")]
    assert st.red3[0] == reds and not any(c in ("3D", "3H") for c in st.hands[0])
    assert Counter(st.hands[0]) - Counter(["9C", "9C", "9C", "5C", "6C", "7C", "8D"]) == Counter(
        [c for c in covered.split() if c not in reds] + drawn
    )


def test_onto_an_existing_meld_and_closing(game) -> None:
    st = _start(melds=("K K K K K",))
    game.apply(st, game.parse_move("take"))
    k = next(m for m in st.melds[0] if m.key == "K")
    assert k.size == 8 and k.closed


def test_wild_discard_freezes_until_the_next_take(game, judge) -> None:
    st = position(phase="play", hands={0: "2 5 6 9", 1: "K K 9 9 5"}, pozzo="KH")
    game.apply(st, game.parse_move("discard 2"))
    assert st.needs_three and st.turn == 1
    v = judge(st, "take")
    assert not v.ok and v.rule == "take.wild-top"
    st.pozzo.append("KD")  # a later discard covers the wild
    v = judge(st, "take")
    assert not v.ok and v.rule == "take.three"
    st.hands[1].append("KS")
    assert judge(st, "take").ok
    game.apply(st, game.parse_move("take"))
    assert not st.needs_three


def test_black_three_blocks_only_while_on_top(game, judge) -> None:
    st = position(phase="play", hands={0: "3 5 6 9", 1: "K K 9 9 5"}, pozzo="KH")
    game.apply(st, game.parse_move("discard 3"))
    v = judge(st, "take")
    assert not v.ok and v.rule == "take.black-three"
    st.pozzo.append("KD")
    assert judge(st, "take").ok


def test_no_take_after_drawing(game, judge) -> None:
    st = _start()
    game.apply(st, game.parse_move("draw"))
    v = judge(st, "take")
    assert not v.ok and v.rule == "turn.drawn"
