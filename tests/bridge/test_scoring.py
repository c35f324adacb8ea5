"""Scoring one deal: every level × strain × doubling × vulnerability × tricks, checked against an
independent formula written here from the digest's tables (§2.1), and against endplay's duplicate
score when endplay is installed (the digest's parity identity)."""

from __future__ import annotations

import itertools

import pytest

from cardcli.games.bridge.config import PRESETS, BridgeConfig
from cardcli.games.bridge.scoring import Entry, honors, score_deal

RUBBER = PRESETS["rubber"]


def expected(level: int, strain: str, doubled: int, vul: bool, tricks: int, insult_xx: int = 100) -> tuple[int, int, int]:
    """(below for declarer, above for declarer, above for defenders), from the digest's tables."""
    need = level + 6
    if tricks >= need:
        per = {"C": 20, "D": 20, "H": 30, "S": 30, "N": 30}[strain]
        below = (per * level + (10 if strain == "N" else 0)) * [1, 2, 4][doubled]
        over = tricks - need
        if doubled == 0:
            above = over * (20 if strain in "CD" else 30)
        else:
            above = over * (100 if doubled == 1 else 200) * (2 if vul else 1)
        above += [0, 50, insult_xx][doubled]
        above += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
        return below, above, 0
    down = need - tricks
    if doubled == 0:
        pen = down * (100 if vul else 50)
    else:
        table_nv = [0, 100, 300, 500, 800]
        table_v = [0, 200, 500, 800, 1100]
        table = table_v if vul else table_nv
        pen = table[down] if down <= 4 else table[4] + 300 * (down - 4)
        pen *= doubled  # redoubled is twice doubled
    return 0, 0, pen


def split(entries: list[Entry], side: int) -> tuple[int, int, int]:
    below = sum(e.points for e in entries if e.side == side and e.where == "below")
    above = sum(e.points for e in entries if e.side == side and e.where == "above")
    other = sum(e.points for e in entries if e.side != side)
    return below, above, other


ALL = list(itertools.product(range(1, 8), "CDHSN", (0, 1, 2), (False, True), range(14)))


def test_every_combination_matches_the_independent_formula() -> None:
    assert len(ALL) == 7 * 5 * 3 * 2 * 14
    for level, strain, doubled, vul, tricks in ALL:
        for declarer in (0, 1):
            got = split(score_deal(level, strain, doubled, declarer, tricks, vul, RUBBER), declarer % 2)
            assert got == expected(level, strain, doubled, vul, tricks), (level, strain, doubled, vul, tricks)


def test_redoubled_insult_option() -> None:
    old = BridgeConfig(redoubled_insult=50)
    for level, strain, vul in itertools.product(range(1, 8), "CDHSN", (False, True)):
        got = split(score_deal(level, strain, 2, 0, level + 6, vul, old), 0)
        assert got == expected(level, strain, 2, vul, level + 6, insult_xx=50)


@pytest.mark.parametrize(
    "contract,tricks,vul,below,above,defence",
    [
        ("3N", 9, False, 100, 0, 0),  # 3NT is game: 40 + 30 + 30 = 100 (OpenSpiel once said > 100)
        ("2SX", 8, False, 120, 50, 0),  # a doubled part score can make game
        ("4HXX", 11, True, 480, 400 + 100, 0),
        ("1CX", 3, False, 0, 0, 800),  # NV doubled down 4 = 800 (100, 300, 500, 800)
        ("1CX", 2, False, 0, 0, 1100),  # down 5: +300 more; the pre-1987 table ("200 thereafter") said 900
        ("7NXX", 0, True, 0, 0, 7600),  # the worst score in bridge: down 13 vulnerable redoubled
        ("6S", 12, True, 180, 750, 0),
        ("7C", 13, False, 140, 1000, 0),
    ],
)
def test_pinned_values(contract: str, tricks: int, vul: bool, below: int, above: int, defence: int) -> None:
    level, strain, doubled = int(contract[0]), contract[1], contract.count("X")
    assert split(score_deal(level, strain, doubled, 2, tricks, vul, RUBBER), 0) == (below, above, defence)


def test_honors() -> None:
    hands = [
        ["AS", "KS", "QS", "JS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"],
        ["TS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "JH", "QH", "KH", "AH"],
        ["AC", "AD", "KC", "KD", "QC", "QD", "JC", "JD", "TC", "TD", "9C", "9D", "8C"],
        ["2C", "3C", "4C", "5C", "6C", "7C", "2D", "3D", "4D", "5D", "6D", "7D", "8D"],
    ]
    assert honors(hands, "S") == (0, 0, 100)  # North holds A K Q J of spades
    assert honors(hands, "H") == (1, 1, 100)  # East holds A K Q J of hearts (North has the ten)
    assert honors(hands, "C") == (2, 0, 150)  # South holds A K Q J T of clubs
    assert honors(hands, "D") == (2, 0, 150)  # and of diamonds
    assert honors(hands, "N") is None
    aces = [["AS", "AH", "AD", "AC", *["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"]]] + hands[1:]
    assert honors(aces, "N") == (0, 0, 150)
    # honors count for the defenders too, made or not, and are not doubled
    entries = score_deal(4, "H", 1, 0, 8, False, RUBBER, (1, 1, 100))
    assert Entry(1, "above", 100, "honors", "EH") in entries
    assert any(e.item == "undertricks" and e.side == 1 for e in entries)


def test_parity_with_endplay_duplicate_score() -> None:
    """made: below + above + (300/500 if game else 50) == endplay's duplicate score; down: -penalty."""
    pytest.importorskip("endplay")
    from endplay.types import Contract, Denom, Penalty, Player

    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "N": Denom.nt}
    pens = [Penalty.passed, Penalty.doubled, Penalty.redoubled]
    checked = 0
    for level, strain, doubled, vul, tricks in ALL:
        need = level + 6
        c = Contract(level=level, denom=denoms[strain], declarer=Player.north, penalty=pens[doubled], result=tricks - need)
        ref = c.score(vul)
        below, above, defence = split(score_deal(level, strain, doubled, 0, tricks, vul, RUBBER), 0)
        if tricks >= need:
            bonus = (500 if vul else 300) if below >= 100 else 50
            assert below + above + bonus == ref, (level, strain, doubled, vul, tricks)
        else:
            assert -defence == ref, (level, strain, doubled, vul, tricks)
        checked += 1
    assert checked == 2940
