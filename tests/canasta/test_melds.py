"""Melds, wild melds and canastas (digest §4): legality tables and canasta kinds."""

from __future__ import annotations

import pytest

from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.position import meld, position
from cardcli.games.canasta.tablemelds import canasta_kind

HAND = "K K K Q Q Q 7 7 7 6 6 JK JK JK 2 2 2 3 3 A 5 9"


def _play(melds=(), hand: str = HAND, **opts: object):
    return position(
        config=CanastaConfig(**opts),
        phase="play",
        hands={0: hand},  # type: ignore[arg-type]
        melds={0: list(melds)},
    )


@pytest.mark.parametrize(
    ("melds", "text", "ok", "rule"),
    [
        # the wildcard limits of a natural meld (§4.2)
        ((), "meld 7 7 2", True, ""),  # 2 naturals + 1 wild
        ((), "meld Q Q Q JK 2", True, ""),  # 3 + 2
        ((), "meld 7 JK 2", False, "meld.wild-balance"),  # 1 + 2
        ((), "meld 7 7 JK 2", False, "meld.wild-balance"),  # 2 + 2: naturals must outnumber
        ((), "meld K K K JK JK 2", False, "meld.set.wilds"),  # a third wildcard
        (("9 9 9 9 JK 2",), "add 2 to 9", False, "meld.set.wilds"),  # a third wildcard on the table
        (("9 9 9 9 JK",), "add 2 to 9", True, ""),
        ((), "meld 3 3", False, "meld.size"),
        ((), "meld K K", False, "meld.size"),
        # no melds of threes (§4.1)
        ((), "meld 3 3 JK", False, "meld.set.rank"),
        ((), "meld K K Q", False, "meld.set.rank"),
        # one meld per rank, additions
        (("K K K",), "meld K K K", False, "meld.one-per-rank"),
        (("K K K",), "add K K K to K", True, ""),
        (("K K K",), "add Q to K", False, "add.rank"),
        (("K K K",), "add 3 to K", False, "add.rank"),
        ((), "add K to K", False, "add.target"),
        ((), "meld A A A", False, "meld.held"),
        (("JK 2 2",), "add K to W", False, "add.rank"),
        # wild melds (§4.3)
        ((), "meld JK JK JK", True, ""),
        ((), "meld 2 2 2", True, ""),
        ((), "meld JK JK JK 2 2 2", False, "wild.shape"),
        ((), "meld JK 2", False, "meld.size"),
        (("2 2 2 2 2",), "add JK JK JK to W", False, "wild.shape"),
        (("2 2 2 2 2",), "add 2 2 2 to W", False, "wild.size"),
        (("2 2 2 2 2",), "add 2 2 to W", True, ""),
        (("JK JK 2",), "meld 2 2 2", False, "wild.one-at-a-time"),
        # no dirtying while a wild meld is open (§4.5)
        (("2 2 2", "K K K"), "add JK to K", False, "wild.no-dirtying"),
        (("2 2 2",), "meld Q Q Q JK", False, "wild.no-dirtying"),
        (("2 2 2", "K K K"), "add K to K", True, ""),
    ],
)
def test_meld_table(judge, melds, text: str, ok: bool, rule: str) -> None:
    v = judge(_play(melds), text)
    assert (v.ok, v.rule) == (ok, rule), v


@pytest.mark.parametrize(
    ("mode", "wild", "add", "ok"),
    [
        ("both", "2 2 2", "add JK to K", False),
        ("both", "JK JK JK", "add 2 to K", False),
        ("pinelle_only", "JK JK JK", "add 2 to K", True),  # a jolly meld does not block (S0)
        ("pinelle_only", "2 2 2", "add JK to K", False),
        ("pinelle_only", "JK 2", "add JK to K", False),  # not a legal meld anyway; see below
        ("twos_only", "2 2 2", "add JK to K", True),  # RG: only twos are blocked
        ("twos_only", "2 2 2", "add 2 to K", False),
        ("off", "2 2 2", "add JK to K", True),
    ],
)
def test_no_dirtying_variants(judge, mode: str, wild: str, add: str, ok: bool) -> None:
    if len(wild.split()) < 3:
        wild = "JK 2 2"  # an undecided-looking meld with more twos: counts as a pinelle meld
    st = _play((wild, "K K K"), no_dirtying_while_wild_meld_open=mode)
    assert judge(st, add).ok == ok


def test_the_wild_limit_options(judge) -> None:
    hand = "K K K K JK JK 2 5 9"
    assert judge(_play((), hand=hand, max_wilds_per_meld=3), "meld K K K K JK JK 2").ok
    v = judge(_play((), hand=hand), "meld K K K K JK JK 2")
    assert not v.ok and v.rule == "meld.set.wilds"
    st = _play((), min_naturals_before_wild=5)
    v = judge(st, "meld Q Q Q JK")
    assert not v.ok and v.rule == "meld.wild-balance"


def test_canasta_closed_at_seven(game, judge) -> None:
    st = _play(("K K K K K",), hand="K K K 5 9 6")
    assert judge(st, "add K K K to K").ok  # one play may take a meld past seven
    game.apply(st, game.parse_move("add K K K to K"))
    k = st.melds[0][0]
    assert k.closed and k.size == 8 and canasta_kind(k) == "clean"
    st = _play(("K K K K K K K",), hand="K K K 5 9 6")
    v = judge(st, "add K to K")
    assert not v.ok and v.rule == "add.closed"
    assert judge(st, "meld K K K").ok  # a new meld of kings (option)
    st = _play(("K K K K K K K",), hand="K K K 5 9 6", new_meld_after_closed_canasta=False)
    v = judge(st, "meld K K K")
    assert not v.ok and v.rule == "meld.closed-rank"


def test_canastas_stay_open_with_s2(game, judge) -> None:
    st = _play(("K K K K K K K",), hand="K JK 5 9 6", canasta_closed_at_seven=False)
    assert not st.melds[0][0].closed
    assert judge(st, "add K JK to K").ok
    game.apply(st, game.parse_move("add K JK to K"))
    assert canasta_kind(st.melds[0][0]) == "dirty" and st.melds[0][0].size == 9


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("K K K K K K K", "clean"),
        ("K K K K K K JK", "dirty"),
        ("K K K K K 2 JK", "dirty"),
        ("A A A A A A A", "clean-aces"),
        ("A A A A A A 2", "dirty"),
        ("2 2 2 2 2 2 2", "pinelle-clean"),
        ("2 2 2 2 2 2 JK", "pinelle-dirty"),
        ("2 2 2 2 2 JK JK", "pinelle-dirty"),
        ("JK JK JK JK JK 2 2", "jolly"),
        ("JK JK JK JK JK JK 2", "jolly"),
        ("K K K K K K", None),
    ],
)
def test_canasta_kinds(cards: str, kind: str | None) -> None:
    assert canasta_kind(meld(cards, CanastaConfig())) == kind


@pytest.mark.parametrize("ask_first", [True, False])
def test_a_grown_meld_knows_its_shape(ask_first: bool) -> None:
    """The shape a meld keeps as it grows is the one counted afresh from its cards, whether or not it
    had been asked before the cards came."""
    from cardcli.games.canasta.state import TableMeld

    grown = TableMeld("K", ["KH", "KS", "KD"])
    if ask_first:
        assert grown.shape() == (3, 0, 0)
    for cards in (["2C"], ["JK", "KC"], ["2D", "JK"]):
        grown.extend(cards)
        assert grown.shape() == TableMeld("K", list(grown.cards)).shape()
    assert grown.shape() == (4, 2, 2) and grown.size == 8
