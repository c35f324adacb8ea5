"""The issue's four refusals in a real pseudo-terminal (prompt-toolkit), from the demo positions."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

DEMOS = Path(__file__).resolve().parent / "demos"


@pytest.mark.parametrize(
    ("demo", "rule"),
    [
        ("frozen-pozzo", "take.black-three"),
        ("opening-short", "open.minimum"),
        ("third-wildcard", "meld.set.wilds"),
        ("no-dirty-canasta", "out.canastas"),
    ],
)
def test_refused_with_its_rule_in_a_terminal(tmp_path: Path, demo: str, rule: str) -> None:
    from terminal import Terminal

    from cardcli.replay.io import read

    typed = (read(DEMOS / f"{demo}.cardcli.json").title or "").rsplit("`", 2)[1]
    copy = tmp_path / f"{demo}.cardcli.json"
    copy.write_bytes((DEMOS / f"{demo}.cardcli.json").read_bytes())
    with Terminal("play", "--resume", str(copy), home=tmp_path / "home", rows=50, cols=120) as term:
        assert term.expect("South>"), term.text
        term.line(typed, "rule " + rule)
        term.line("quit", "Game saved")
        assert term.wait() == 0
    assert "Traceback" not in term.text
