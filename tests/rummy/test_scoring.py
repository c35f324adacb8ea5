"""Rummy scoring tables (digest §B1-B2) and the `cardcli score rummy` scorepad."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.rummy.config import RummyConfig
from cardcli.games.rummy.scoring import card_value, hand_value, score_hand


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("AS", 1),
        ("2C", 2),
        ("5D", 5),
        ("9H", 9),
        ("TS", 10),
        ("JC", 10),
        ("QD", 10),
        ("KH", 10),
    ],
)
def test_card_values(card: str, value: int) -> None:
    assert card_value(card) == value


def test_ace_points_option() -> None:
    assert card_value("AS", 11) == 11 and hand_value(["AS", "AH", "KC"], 15) == 40


@pytest.mark.parametrize(
    ("hands", "closer", "rummy", "points"),
    [
        ([[], ["KC", "QC", "2D"]], 0, False, 22),
        ([[], ["KC", "QC", "2D"]], 0, True, 44),
        ([["AS"], [], ["TC", "9C"]], 1, False, 20),
        ([[], ["AS", "AH"], ["2C"], ["KD", "KS", "KH"]], 0, False, 34),
        ([[], []], 0, True, 0),
    ],
)
def test_hand_scores(hands: list[list[str]], closer: int, rummy: bool, points: int) -> None:
    names = [f"P{i + 1}" for i in range(len(hands))]
    assert score_hand(hands, closer, rummy, RummyConfig(), names).points == points


def test_rummy_does_not_double_when_the_option_is_off() -> None:
    sc = score_hand([[], ["KC"]], 0, True, RummyConfig(rummy_doubles=False), ["P1", "P2"])
    assert sc.points == 10


def test_score_command_line_by_line() -> None:
    text = "players 3\ncloser P1\nrummy yes\nP2 KS QH 5C\nP3 7d 2S  # two cards\n"
    res = CliRunner().invoke(cli, ["score", "rummy"], input=text)
    assert res.exit_code == 0, res.output
    assert "P2 holds KS QH 5C: 25 points" in res.output
    assert "P3 holds 7D 2S: 9 points" in res.output
    assert "doubled to 68" in res.output and "P1 scores 68" in res.output


def test_score_command_json() -> None:
    res = CliRunner().invoke(cli, ["score", "rummy", "--json"], input="closer P2\nP1 AS AH\n")
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data["points"] == {"P1": 0, "P2": 2} and data["rummy"] is False


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("P2 KS\n", "missing `closer SEAT`"),
        ("closer P9\nP2 KS\n", "closer 'P9' is not a seat"),
        ("closer P1\nP2 KS ZZ\n", "line 2"),
        ("closer P1\nrummy perhaps\n", "line 2: `rummy` takes yes or no"),
        ("closer P1\nP2 KS\nP3 KS\n", "KS appears twice"),
        ("players 9\ncloser P1\n", "2 to 6 players"),
        ("closer P9\n", "list the cards left in the other hands"),
    ],
)
def test_score_command_bad_input_is_one_line(text: str, message: str) -> None:
    res = CliRunner().invoke(cli, ["score", "rummy"], input=text)
    assert res.exit_code == 1
    assert message in res.output
    assert "Traceback" not in res.output and len(res.output.strip().splitlines()) == 1
