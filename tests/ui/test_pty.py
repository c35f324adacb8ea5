"""One end-to-end run in a real pseudo-terminal: prompt-toolkit, Tab completion, save on quit."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_play_in_a_real_terminal(tmp_path: Path) -> None:
    from terminal import Terminal

    with Terminal("play", "rummy", "--seed", "7", home=tmp_path, cols=100) as term:
        assert term.expect("P1>"), term.text
        assert term.expect("Tab: moves")  # the bottom toolbar
        term.send("draw s\t")             # Tab completes the only match
        time.sleep(0.3)
        term.line("", "P1 draws")
        term.line("discard ZZ", "is not a card")
        term.line("quit", "Game saved")
        assert term.wait() == 0
    assert "Traceback" not in term.text
    assert (tmp_path / "saves" / "rummy.cardcli.json").exists()
