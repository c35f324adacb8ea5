"""Scoring (digest §7): canasta values, red threes under every rule, paying double, the
hand penalty, and `cardcli score canasta`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.scoresheet import parse_sheet
from cardcli.games.canasta.scoring import SideInput, red_three_points, score_sides


def _one(melds, **kw) -> int:
    side = SideInput("NS", [m.split() for m in melds], **kw)
    return score_sides([side, SideInput("EW", [])], CanastaConfig())[0].total


@pytest.mark.parametrize(
    ("meld", "total"),
    [
        ("K K K K K K K", 500 + 70),
        ("K K K K K K JK", 300 + 60 + 50),
        ("K K K K K 2 JK", 300 + 50 + 20 + 50),
        ("A A A A A A A", 1000 + 140),  # §7.3: 7 clean aces = 1140
        ("A A A A A A 2", 300 + 120 + 20),  # a dirty canasta of aces is an ordinary dirty one
        ("2 2 2 2 2 2 2", 3000 + 140),
        ("2 2 2 2 2 2 JK", 2000 + 120 + 50),
        ("2 2 2 2 2 JK JK", 2000 + 100 + 100),
        ("JK JK JK JK JK JK 2", 5000 + 320),  # §7.3: 6 J + 1 P = 5320
        ("JK JK JK JK JK 2 2", 5000 + 290),
        ("K K K K K K", 60),  # an incomplete meld: its cards only
        ("7 7 7 7 7 7 7 7", 500 + 40),  # more than seven cards
    ],
)
def test_canasta_values(meld: str, total: int) -> None:
    assert _one([meld]) == total


@pytest.mark.parametrize(
    ("rule", "n", "clean", "dirty", "points"),
    [
        ("s0", 2, 1, 1, 200),
        ("s0", 3, 2, 0, 0),
        ("s0", 2, 0, 1, -200),
        ("s0", 2, 0, 0, -200),
        ("s0", 0, 0, 0, 0),
        ("s2", 3, 0, 0, 300),
        ("s2", 4, 0, 1, 800),
        ("s2", 4, 1, 0, 400),
        ("s2", 6, 0, 2, 1200),
        ("s2", 6, 3, 0, 600),
        ("rg", 3, 0, 0, 300),
        ("rg", 4, 0, 0, 800),
        ("brazil", 4, 1, 0, 400),
        ("brazil", 5, 0, 1, 1000),
        ("brazil", 6, 1, 0, 1200),
        ("brazil", 2, 0, 0, -200),
        ("flat", 5, 0, 0, 500),
    ],
)
def test_red_threes(rule: str, n: int, clean: int, dirty: int, points: int) -> None:
    assert red_three_points(n, clean, dirty, CanastaConfig(red3_rule=rule)) == points  # type: ignore[arg-type]


def _hand(ns_opened: bool, ew_opened: bool, cfg: CanastaConfig, ew_red3: int = 0) -> tuple[int, int]:
    ns = SideInput("NS", [["Q"] * 7, ["8"] * 6 + ["JK"]], hand=["K", "5"], went_out=True, opened=ns_opened)
    ew = SideInput("EW", [["9", "9", "9"]] if ew_opened else [], red_threes=ew_red3, hand=["A", "K", "JK"], opened=ew_opened)
    a, b = score_sides([ns, ew], cfg)
    return a.total, b.total


def test_paying_double() -> None:
    ns, ew = _hand(True, True, CanastaConfig())
    assert ew == 30 - 80
    ns, ew = _hand(True, False, CanastaConfig())
    assert ew == -160  # the hand penalty doubled
    assert ns == 500 + 300 + 300 + 70 + 110 - 15  # the partner's cards count
    _ns, ew = _hand(True, False, CanastaConfig(double_scope="off"))
    assert ew == -80
    _ns, ew = _hand(True, False, CanastaConfig(), ew_red3=2)
    assert ew == -160 - 200
    _ns, ew = _hand(True, False, CanastaConfig(double_scope="all_negative"), ew_red3=2)
    assert ew == -160 - 400


def test_hand_penalty_scope() -> None:
    ns, _ew = _hand(True, True, CanastaConfig(hand_penalty_scope="opponents_only"))
    assert ns == 500 + 300 + 300 + 70 + 110  # the partner does not pay


def test_stock_ran_out_nobody_doubled() -> None:
    a = SideInput("NS", [["Q"] * 7], hand=["K"])
    b = SideInput("EW", [], hand=["A"], opened=False)
    sa, sb = score_sides([a, b], CanastaConfig())
    assert (sa.total, sb.total) == (570 - 10, -20)


def test_unfinished_wild_meld_and_samba() -> None:
    side = SideInput("NS", [["JK", "JK", "2"]])
    other = SideInput("EW", [])
    assert score_sides([side, other], CanastaConfig())[0].total == 120
    assert score_sides([side, other], CanastaConfig(unfinished_wild_meld_penalty="minus_card_values"))[0].total == -120
    five = SideInput("NS", [[r] * 7 for r in "KQJT9"])
    assert score_sides([five, other], CanastaConfig(samba_bonuses=True))[0].samba == 2000


SHEET = """\
# a hand typed in by hand
players 4
side NS
canasta K K K K K K K
canasta A A A A A JK 2
meld Q Q Q 2
red3 2
hand 5 5 9
hand JK
out
side EW
meld 8 8 8
hand K K 7 3
"""


def test_score_sheet(game) -> None:
    sheet = game.score_sheet(SHEET, CanastaConfig(), None)
    # canastas 500 + 300, going out 300, two red threes with a clean and a dirty canasta +200,
    # cards melded 70 + 170 + 50, cards in hand 5 5 9 JK -70
    assert sheet.points == {"NS": 800 + 300 + 200 + 290 - 70, "EW": 30 - 30}
    assert any("going out" in line for line in sheet.lines)


def test_score_command_json() -> None:
    res = CliRunner().invoke(cli, ["score", "canasta", "--json"], input=SHEET)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["points"]["EW"] == 0 and data["sides"]["NS"]["going_out"] == 300


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("canasta K K K K K K K", "line 1: start with `side NS`"),
        ("side NS\ncanasta K K K K K K", "line 2: a canasta has at least 7 cards"),
        ("side NS\nmeld K K JK 2", "line 2: K K JK 2: a meld needs more natural cards"),
        ("side NS\nmeld K K 3H", "line 2: 3H is a red three"),
        ("side NS\nhand XY", "line 2: 'XY' is not a card"),
        ("side NS\nout\nside EW\nout", "only one side can go out"),
        ("side NS\ncanasta K K K K K K K\nout", "went out without a clean and a dirty canasta"),
        ("side NS\nhand JK JK JK JK\nside EW\nhand JK JK JK", "7 × JK listed"),
        ("side XX", "line 1: unknown side"),
        ("players 3", "line 1: canasta is played by 2 or 4 players"),
        ("side NS\nopened no\nmeld 8 8 8", "has melds, so it opened"),
        ("side NS\nfoo", "line 2: 'foo' is not understood"),
    ],
)
def test_score_sheet_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_sheet(text, None, CanastaConfig())
    assert message in str(err.value)


def test_score_sheet_two_players(game) -> None:
    sheet = game.score_sheet("players 2\nside South\ncanasta 9 9 9 9 9 9 9\nside North\nhand A", CanastaConfig(), None)
    assert sheet.points == {"South": 570, "North": -20}


def test_score_command_error_is_one_line() -> None:
    res = CliRunner().invoke(cli, ["score", "canasta"], input="side NS\nmeld K K\n")
    assert res.exit_code == 1
    assert res.output.count("\n") == 1 and "line 2" in res.output and "Traceback" not in res.output
