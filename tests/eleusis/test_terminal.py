"""The dealer's part in a real pseudo-terminal (prompt-toolkit): an unfair rule is refused with its
witness, a syntax error with its column, a valid rule judges the bots' cards."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_the_dealer_types_rules_in_a_real_terminal(tmp_path: Path) -> None:
    from terminal import Terminal

    args = (
        "play",
        "eleusis",
        "--seed",
        "2",
        "--players",
        "5",
        "--seat",
        "5",
        "--fast",
        "--record",
        str(tmp_path / "dealer.cardcli.json"),
    )
    with Terminal(*args, home=tmp_path, rows=50, cols=160) as term:
        assert term.expect("P5>"), term.text
        term.line("rule accept: rank(c) == rank(p1) + 1", "after K♣ no card is playable")  # the charset's spelling
        term.line("rule accept: color(c) != color(p1) or", "column 33 of the rule")
        term.line("rule accept: color(c) == color(p1) or rank(c) == rank(p1)", "P1 plays")
        assert term.expect("The rule was: accept: color(c) == color(p1) or rank(c) == rank(p1)")
        assert term.expect("Press Enter for the next hand")  # the hand's result stays until Enter
        mark = len(term.buf)
        term.line("", "Hand 2:")
        assert term.expect("P5>", since=mark)  # keys typed before the prompt is back are dropped
        term.line("quit", "Game saved")
        assert term.wait() == 0
    assert "Traceback" not in term.text
