"""The example games in replays/bridge verify, and each shows what its name promises."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcli.replay.io import read
from cardcli.session import Session

ROOT = Path(__file__).resolve().parents[2] / "replays" / "bridge"
FILES = sorted(ROOT.glob("*.cardcli.json"))


def test_there_are_example_games() -> None:
    names = {f.name for f in FILES}
    for want in (
        "making-game.cardcli.json",
        "doubled-and-defeated.cardcli.json",
        "small-slam.cardcli.json",
        "passed-out.cardcli.json",
        "rubber-seed-11.cardcli.json",
    ):
        assert want in names


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_replay_verifies(path: Path) -> None:
    replay = read(path)
    session = Session.from_replay(replay)
    assert session.finished
    assert replay.title


def _first(name: str) -> dict:
    session = Session.from_replay(read(ROOT / name))
    res = session.results[0]
    assert res is not None
    return res.detail


def test_each_example_shows_its_point() -> None:
    game = _first("making-game.cardcli.json")
    assert any(e[1] == "below" and e[2] >= 100 for e in game["entries"])  # a game below the line
    dbl = _first("doubled-and-defeated.cardcli.json")
    assert dbl["contract"].endswith("X") and int(dbl["tricks"]) < int(dbl["contract"][0]) + 6
    slam = _first("small-slam.cardcli.json")
    assert slam["contract"][0] == "6" and any(e[3] == "slam" for e in slam["entries"])
    assert _first("passed-out.cardcli.json")["passed_out"] is True
    rubber = Session.from_replay(read(ROOT / "rubber-seed-11.cardcli.json"))
    assert rubber.game.match_over(rubber.state) and rubber.match_result().complete
