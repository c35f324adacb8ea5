"""The opening (digest §3): the minimum table, the opening melds, and the refusals."""

from __future__ import annotations

import pytest

from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.opening import minimum
from cardcli.games.canasta.position import position

S0 = [
    (-500, 50),
    (-1, 50),
    (0, 50),
    (2999, 50),
    (3000, 90),
    (4999, 90),
    (5000, 120),
    (6999, 120),
    (7000, 160),
    (7450, 160),
    (9999, 160),
    (10000, 180),
    (11999, 180),
    (12000, 200),
    (15000, 200),
]
RG = [
    (-1, 50),
    (0, 50),
    (1495, 50),
    (1500, 90),
    (2995, 90),
    (3000, 120),
    (5000, 160),
    (7495, 160),
    (7500, 180),
    (9995, 180),
    (10000, 200),
    (14000, 200),
]


@pytest.mark.parametrize(("score", "need"), S0)
def test_opening_table_s0(score: int, need: int) -> None:
    assert minimum(score, CanastaConfig()) == need


@pytest.mark.parametrize(("score", "need"), RG)
def test_opening_table_rg(score: int, need: int) -> None:
    assert minimum(score, CanastaConfig(opening_table="rg")) == need


def test_opening_negative_option() -> None:
    assert minimum(-10, CanastaConfig(opening_table="rg", opening_negative=15)) == 15


def _unopened(hand: str, total: int = 0, **opts: object):
    return position(
        config=CanastaConfig(**opts),
        opened=(False, False),
        hands={0: hand},  # type: ignore[arg-type]
        totals=(total, 0),
        pozzo="9H",
    )


def test_tutor_example_at_7450(game, judge) -> None:
    """§3.4: at 7450 the minimum is 160; K K K + A A A + 8 8 8 8 (130) is short, + Q Q Q is enough."""
    st = _unopened("K K K A A A 8 8 8 8 Q Q Q 5 9", 7450)
    for text in ("meld K K K", "meld A A A", "meld 8 8 8 8"):
        assert judge(st, text).ok
        game.apply(st, game.parse_move(text))
    v = judge(st, "draw")
    assert not v.ok and v.rule == "open.minimum" and "130" in v.reason and "160" in v.reason
    assert judge(st, "meld Q Q Q").ok
    game.apply(st, game.parse_move("meld Q Q Q"))
    assert judge(st, "draw").ok
    game.apply(st, game.parse_move("draw"))
    assert st.opened[0] and not any(m.pending for m in st.melds[0])


def test_two_jokers_and_a_pinella_open(game, judge) -> None:
    """§3.4: J-J-2 (120) + A A A = 180 is a legal opening at 7450."""
    st = _unopened("JK JK 2 A A A 5 6 9", 7450)
    assert judge(st, "meld JK JK 2").ok
    game.apply(st, game.parse_move("meld JK JK 2"))
    assert judge(st, "meld A A A").ok
    game.apply(st, game.parse_move("meld A A A"))
    assert judge(st, "draw").ok


@pytest.mark.parametrize(
    ("opts", "text", "ok", "rule"),
    [
        ({}, "meld 7 7 2", False, "open.wilds"),  # pair + wild: not in the opening (S0)
        ({}, "meld 7 7 7 2", False, "open.wilds"),  # wild only on melds of five naturals
        ({}, "meld K K K K K JK", True, ""),
        ({"opening_wilds": "none"}, "meld K K K K K JK", False, "open.wilds"),
        ({"opening_wilds": "as_in_play"}, "meld 7 7 2", True, ""),
        ({}, "meld JK JK JK", True, ""),
        ({"opening_wild_meld": "2J1P_only"}, "meld JK JK JK", False, "open.wild-meld"),
        ({"opening_wild_meld": "2J1P_only"}, "meld JK JK 2", True, ""),
        ({"opening_wild_meld": "none"}, "meld JK JK 2", False, "open.wild-meld"),
        ({}, "meld K K K JK 2 2", False, "meld.set.wilds"),
        ({}, "meld 3 3 3", False, "meld.set.rank"),
    ],
)
def test_opening_meld_table(judge, opts: dict, text: str, ok: bool, rule: str) -> None:
    st = _unopened("K K K K K 7 7 7 JK JK JK 2 2 2 3 3 3 A A A Q Q Q", **opts)
    v = judge(st, text)
    assert v.ok == ok and v.rule == rule, v


def test_opening_below_the_minimum_is_refused_at_once_when_hopeless(judge) -> None:
    st = _unopened("K K K 5 6 9 T")
    v = judge(st, "meld K K K")
    assert not v.ok and v.rule == "open.minimum" and "50" in v.reason


def test_a_card_must_stay_in_hand(game, judge) -> None:
    st = _unopened("K K K A A A")
    v = judge(st, "meld K K K")  # 30, and A A A alone would empty the hand
    assert not v.ok and v.rule == "open.minimum"
    assert judge(st, "meld A A A").ok
    game.apply(st, game.parse_move("meld A A A"))
    v = judge(st, "meld K K K")
    assert not v.ok and v.rule == "open.keep-card"


def test_no_opening_after_drawing(game, judge) -> None:
    st = _unopened("K K K A A A 5 6")
    game.apply(st, game.parse_move("draw"))
    v = judge(st, "meld A A A")
    assert not v.ok and v.rule == "open.before-draw"
    assert judge(st, "discard 5").ok


def test_partner_melds_without_a_minimum(judge) -> None:
    st = position(opened=(True, False), phase="play", hands={0: "5 5 5 6 9"})
    assert judge(st, "meld 5 5 5").ok


def test_unopened_side_cannot_take_and_opening_then_taking_commits(game, judge) -> None:
    st = _unopened("K K K A A A 9 9 5")
    v = judge(st, "take")
    assert not v.ok and v.rule == "take.not-opened"
    game.apply(st, game.parse_move("meld K K K"))
    v = judge(st, "take")
    assert not v.ok and v.rule == "open.minimum"
    game.apply(st, game.parse_move("meld A A A"))
    assert judge(st, "take").ok
    game.apply(st, game.parse_move("take"))
    assert st.opened[0] and st.phase == "play"
    assert sorted(m.key for m in st.melds[0]) == ["9", "A", "K"]


def test_opening_minimum_follows_the_side_score(game, judge) -> None:
    st = _unopened("K K K A A A 9", 3000)  # 90 needed: K K K + A A A = 90
    game.apply(st, game.parse_move("meld A A A"))
    assert not judge(st, "draw").ok
    game.apply(st, game.parse_move("meld K K K"))
    assert judge(st, "draw").ok


@pytest.mark.parametrize("jokers,twos,expect", [(1, 2, (1, 2, False)), (2, 1, (2, 1, False)), (0, 3, (0, 3, False))])
def test_a_new_wild_meld_after_a_closed_wild_canasta_counts_towards_the_opening(
    jokers: int, twos: int, expect: tuple[int, int, bool]
) -> None:
    """The opening's bound offers the same new meld of wildcards as play does after a closed one (a clean
    pinelle canasta closed, a jolly meld begun), and none while the wildcards are too few."""
    from collections import Counter

    from cardcli.games.canasta.opening import max_extra
    from cardcli.games.canasta.shapes import tables
    from cardcli.games.canasta.state import WILD_KEY, TableMeld

    config = CanastaConfig()
    closed = [TableMeld(WILD_KEY, ["2C", "2D", "2H", "2S", "2C", "2D", "2H"], closed=True)]
    hand = Counter({"JK": jokers, "2": twos, "5": 1})
    value, _used = max_extra(hand, closed, config)
    assert value == 50 * jokers + 20 * twos  # the wildcards as a new meld of three (the 5 stays in hand)
    assert max_extra(Counter({"JK": 1, "2": 1, "5": 1}), closed, config)[0] == 0  # two wildcards: no meld
    play = tables(config).play.build_wild((jokers, twos, -1, 0))  # play's own answer: a new wild meld
    assert play.moves
