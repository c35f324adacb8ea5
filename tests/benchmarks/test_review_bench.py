"""Speed of the end-of-hand review (run with -m benchmark -s): bridge with double dummy under 2 s,
the other games under 8 s per hand (rollouts bounded by a move budget: up to 64 paired rollouts per
decision, so that a stated cost is sure; see test_review_certainty.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from cardcli.games.bridge import dds
from cardcli.replay.io import read
from cardcli.review import review_replay
from cardcli.session import Session

pytestmark = pytest.mark.benchmark

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def _time(replay, seats, hands):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    reviews = review_replay(replay, seats, hands)
    return time.perf_counter() - t, reviews


def test_bridge_review_with_double_dummy() -> None:
    if not dds.available():
        pytest.skip("needs the dds extra")
    import endplay.dds  # noqa: F401 - imported once, as the REPL would have by the end of a deal

    for name in ("making-game", "small-slam", "doubled-and-defeated"):
        replay = read(REPLAYS / "bridge" / f"{name}.cardcli.json")
        for seat in (0, 1, 2, 3):  # each seat: declarer, dummy and both defenders
            secs, reviews = _time(replay, [seat], {1})
            print(f"bridge {name} seat {seat}: review with DD table, par and card costs {secs * 1000:.0f} ms")
            assert "dd_table" in reviews[0].figures
            assert secs < 2.0


@pytest.mark.parametrize(
    "path,seat",
    [
        ("rummy/pagat-basic-vs-random.cardcli.json", 1),
        ("rummy/three-players-seed-7.cardcli.json", 0),
        ("burraco/stock-runs-out.cardcli.json", 0),
        ("burraco/two-players-match.cardcli.json", 1),
        ("canasta/four-players-s0.cardcli.json", 0),
        ("canasta/two-players-s2.cardcli.json", 1),
        ("eleusis/seed-rule-6-sevens-switch.cardcli.json", 0),
    ],
)
def test_review_per_hand(path: str, seat: int) -> None:
    replay = read(REPLAYS / path)
    Session.from_replay(replay)
    worst = 0.0
    hands = min(len(replay.hands), 4)
    for h in range(1, hands + 1):
        secs, reviews = _time(replay, [seat], {h})
        found = reviews[0].figures.get("findings", [])
        sure = sum(1 for f in found if f.sure)
        print(f"{path} hand {h}: {secs * 1000:.0f} ms ({len(found)} decisions differ, {sure} reported as sure)")
        worst = max(worst, secs)
    assert worst < 8.0


def test_bridge_review_from_a_cold_start() -> None:
    """`cardcli replay review` of a bridge deal, wall clock: Python, cardcli and endplay's import included."""
    import subprocess
    import sys

    if not dds.available():
        pytest.skip("needs the dds extra")
    file = REPLAYS / "bridge" / "making-game.cardcli.json"
    t = time.perf_counter()
    res = subprocess.run(
        [sys.executable, "-m", "cardcli", "replay", "review", str(file), "--charset", "ascii"],
        capture_output=True,
        text=True,
        check=False,
    )
    secs = time.perf_counter() - t
    print(f"bridge `replay review` cold, whole process: {secs * 1000:.0f} ms")
    assert res.returncode == 0 and "Par at rubber (" in res.stdout
    assert secs < 2.0
