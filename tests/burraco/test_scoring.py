"""Burraco kinds under each semi-clean option, hand scores across presets, the match's end,
the victory-point tables, and the scorepad (`cardcli score burraco`)."""

from __future__ import annotations

import json

import pytest
from burraco.situations import GAME, config
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.melds import Meld
from cardcli.games.burraco.scoring import match_winners, score_team, victory_points
from cardcli.games.burraco.table import burraco_kind, card_points, new_table_meld, read_new


def _meld(cards: str, cfg: object) -> object:
    lay = read_new(cards.split(), cfg)  # type: ignore[arg-type]
    assert isinstance(lay, Meld), lay
    return new_table_meld(0, lay, cfg)  # type: ignore[arg-type]


# (cards, FIBUR adjacent_block, wild_at_end rule, semi-clean off)
KINDS = [
    ("3H 4H 5H 6H 7H 8H", None, None, None),
    ("3H 4H 5H 6H 7H 8H 9H", "clean", "clean", "clean"),
    ("AH 2H 3H 4H 5H 6H 7H", "clean", "clean", "clean"),  # natural two in place
    ("3H 4H 5H 6H 7H 8H 9H JK", "semiclean", "semiclean", "dirty"),  # matta at the end
    ("3H 4H 5H 6H 7H 8H 9H JK JH", "semiclean", "dirty", "dirty"),  # matta inside, beside 7 naturals
    ("3H 4H JK 6H 7H 8H 9H", "dirty", "dirty", "dirty"),  # blocks of 2 and 4
    ("3H 4H 5H 6H 7H 8H JK", "dirty", "dirty", "dirty"),  # 6 naturals only
    ("AH 2H 3H 4H 5H 6H 7H JK", "semiclean", "semiclean", "dirty"),  # natural two plus one matta
    ("3H 4H 5H 6H 2S 8H 9H TH JH QH", "dirty", "dirty", "dirty"),  # 4 + 5 naturals around the matta
    ("7H 7S 7D 7C 7H 7S 7D", "clean", "clean", "clean"),
    ("7H 7S 7D 7C 7H 7S 7D JK", "semiclean", "semiclean", "dirty"),  # 7 naturals + matta
    ("7H 7S 7D 7C 7H 7S JK", "dirty", "dirty", "dirty"),  # 6 naturals + matta
    ("7H 7S 7D 7C 7H 7S 7D 7C 2H", "semiclean", "semiclean", "dirty"),
]


@pytest.mark.parametrize(("cards", "fibur", "at_end", "off"), KINDS, ids=[k[0] for k in KINDS])
def test_burraco_kind_under_each_semiclean_option(cards: str, fibur: str | None, at_end: str | None, off: str | None) -> None:
    for cfg, want in (
        (config(), fibur),
        (config(semiclean_rule="wild_at_end"), at_end),
        (config("fibur-internazionale"), off),
        (config("casual"), off),
    ):
        if cfg.set_ranks == "A3" and cards.startswith("7H 7S"):
            cfg = config("casual")
        assert burraco_kind(_meld(cards, cfg), cfg) == want, (cards, cfg)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("extra", "cards", "kind", "bonus"),
    [
        ("feburit", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "royal", 300),
        ("feburit", "7H 7S 7D 7C 7H 7S 7D 7C", "super", 250),
        ("feburit", "7H 7S 7D 7C 7H 7S 7D 7C JK", "semiclean", 150),
        ("garak", "7H 7S 7D 7C 7H 7S 7D 7C JK", "dirty-super", 200),
        ("garak", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK", "dirty-royal", 250),
        ("none", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "clean", 200),
    ],
)
def test_extra_burraco_kinds(extra: str, cards: str, kind: str, bonus: int) -> None:
    from cardcli.games.burraco.table import kind_bonus

    cfg = config(extra_buracos=extra)
    got = burraco_kind(_meld(cards, cfg), cfg)  # type: ignore[arg-type]
    assert got == kind and kind_bonus(got, cfg) == bonus


def test_card_values() -> None:
    assert [card_points(c) for c in "JK 2H AS KD TC 8H 7S 3C".split()] == [30, 20, 15, 10, 10, 10, 5, 5]


SHEET = """\
# the example of the rules digest's scorepad
NS meld 3H 4H 5H 6H 7H 8H 9H JK     # semi-clean (Italian) or dirty
NS meld AS AD AC AH AS AD AC        # clean set of aces
NS meld 5C 6C 7C
EW meld 8D 9D TD
NS hand KD 3C                        # the closer's partner
EW hand KS 2C JK
closed NS
pozzetto NS
"""


@pytest.mark.parametrize(
    ("preset", "ns", "ew"),
    [
        # NS: cards 75 + 105 + 15; burraco 150 or 100 (+200 clean); closing 100; hand -15
        ("fibur-italiano", 195 + 150 + 200 + 100 - 15, 30 - 60 - 100),
        ("fibur-internazionale", 195 + 100 + 200 + 100 - 15, 30 - 60 - 100),
        ("casual", 195 + 100 + 200 + 100 - 15, 30 - 60 - 100),
    ],
)
def test_hand_score_across_presets(preset: str, ns: int, ew: int) -> None:
    sheet = GAME.score_sheet(SHEET, config(preset), None)
    assert sheet.points == {"N-S": ns, "E-W": ew}
    joined = "\n".join(sheet.lines)
    assert "closing +100" in joined and "pozzetto never taken −100" in joined
    assert ("(semi-clean burraco): 75 in cards, burraco +150" in joined) == (preset == "fibur-italiano")


def test_score_team_items() -> None:
    cfg = config()
    melds = [_meld("3S 4S 5S 6S 7S 8S 9S", cfg), _meld("KH KD JK", cfg)]
    ts = score_team("N-S", melds, ["AS", "2D"], closed=False, pozzetto_taken=False, config=cfg)  # type: ignore[arg-type]
    assert (ts.melded, ts.bonuses, ts.closing, ts.in_hand, ts.pozzetto) == (45 + 50, [("clean", 200)], 0, 35, 100)
    assert ts.points == 95 + 200 - 35 - 100
    neg = score_team("E-W", [], ["JK", "JK", "2C"], False, False, cfg)
    assert neg.points == -180  # a hand score may be negative


def test_match_end_and_ties() -> None:
    cfg = config()
    assert match_winners([2005, 1990], cfg) == [0]
    assert match_winners([2100, 2300], cfg) == [1]
    assert match_winners([2000, 1500], cfg) is None  # 2005 means above 2000
    assert match_winners([2100, 2100], cfg) is None  # play another hand
    assert match_winners([2100, 2100], config(tie="draw")) == [0, 1]
    assert match_winners([1000, 1000], config(tie="draw")) is None


@pytest.mark.parametrize(
    ("hands", "mp", "vp"),
    [
        (3, (1000, 950), [10, 10]),
        (3, (1000, 945), [11, 9]),
        (3, (300, 1300), [3, 17]),
        (3, (2000, 495), [20, 0]),
        (4, (1000, 900), [10, 10]),
        (4, (1000, 895), [11, 9]),
        (4, (0, 2000), [1, 19]),
        (4, (2005, 0), [20, 0]),
        (3, (700, 700), [10, 10]),
    ],
)
def test_victory_point_tables(hands: int, mp: tuple[int, int], vp: list[int]) -> None:
    got = victory_points(mp, hands)
    assert got == vp and sum(got) == 20


def test_scorepad_command_prints_a_line_per_item_and_json() -> None:
    runner = CliRunner()
    res = runner.invoke(cli, ["score", "burraco"], input=SHEET)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert any("N-S meld 1" in line and "semi-clean" in line for line in lines)
    assert any("E-W: pozzetto never taken" in line for line in lines)
    assert lines[-1] == "hand: N-S +630, E-W -130"
    res = runner.invoke(cli, ["score", "burraco", "--json", "--preset", "casual"], input=SHEET)
    data = json.loads(res.output)
    assert data["points"] == {"N-S": 580, "E-W": -130}
    two = "players 2\nS meld 5H 6H 7H\nN hand KS\nclosed none\npozzetto S\n"
    res = runner.invoke(cli, ["score", "burraco", "--json"], input=two)
    assert json.loads(res.output)["points"] == {"South": 15, "North": -110}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("NS meld 5H 6H JK 2S\n", "line 1: 5H 6H JK 2S: a run may hold only one wildcard [rule burraco meld.run.wilds]"),
        ("NS meld 7H 7S 7D\nNS meld 7C 7C 7D\n", "line 2: N-S already has a set of rank 7"),
        ("XY meld 5H 6H 7H\n", "line 1: 'XY' is not a team"),
        ("NS meld 5H 6H 7H\nclosed NS\n", "N-S closed without a burraco [rule burraco close.burraco]"),
        ("NS meld 5H 6H 7H\nNS hand 5H 5H\n", "5H appears 3 times"),
        ("NS meld 5H 6H ZZ\n", "line 1: 'ZZ' is not a card"),
        ("NS sing 5H\n", "after the team write `meld CARDS` or `hand CARDS`"),
    ],
)
def test_scorepad_errors_are_one_line(text: str, message: str) -> None:
    res = CliRunner().invoke(cli, ["score", "burraco"], input=text)
    assert res.exit_code == 1
    assert message in res.output
    assert "Traceback" not in res.output


def test_the_victory_point_table_rule_states_the_tables_the_scorepad_uses() -> None:
    """The table is written out in the rulebook (so it can be translated): it must be the data's."""
    from cardcli.games.burraco.rulebook import RULEBOOK, _vp_table_text

    rule = RULEBOOK.get("match.vp-table")
    assert rule is not None and rule.text == _vp_table_text()
