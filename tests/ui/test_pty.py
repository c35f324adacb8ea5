"""End-to-end runs in a real pseudo-terminal: prompt-toolkit, Tab completion, `q`, Ctrl-C, save on quit."""

from __future__ import annotations

import signal
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
        start = len(term.buf)
        term.send("draw s")
        assert term.expect("draw s", since=start)
        typed = len(term.buf)
        term.send("\t")  # Tab completes the only match: the rest of the word appears ...
        assert term.expect("tock", since=typed), term.text[start:]
        term.line("", "P1 draws")  # ... and Enter plays it
        term.line("q", "not a move")  # `q` is no command: it cannot quit by accident
        term.line("discard ZZ", "is not a card")
        mark = len(term.buf)
        assert term.expect("P1>", since=mark - 200 if mark > 200 else 0)
        time.sleep(0.3)
        term.send("disc")
        assert term.expect("disc", since=mark)
        term.send("\x03")  # Ctrl-C at the prompt clears the line, the game goes on
        assert term.expect("Ctrl-C clears the line")
        term.line("quit", "Game saved as")
        assert term.wait() == 0
    assert "Traceback" not in term.text
    saves = list((tmp_path / "saves").glob("rummy-*.cardcli.jsonl"))
    assert len(saves) == 1


def test_tab_without_a_match_changes_nothing(tmp_path: Path) -> None:
    from terminal import Terminal

    with Terminal("play", "rummy", "--seed", "7", home=tmp_path, cols=100) as term:
        assert term.expect("P1>"), term.text
        term.send("zz\t")
        time.sleep(0.5)
        term.line("", "not a move: 'zz'")  # Tab added nothing to the line
        term.line("quit", "Game saved")
        assert term.wait() == 0


def test_ctrl_c_while_bots_play_exits_130_and_restores_the_terminal(tmp_path: Path) -> None:
    from terminal import Terminal

    with Terminal(
        "play", "rummy", "--players", "4", "--bots", "all", "--verbose", "--seed", "3", home=tmp_path, cols=100
    ) as term:
        assert term.expect("draws"), term.text
        term.proc.send_signal(signal.SIGINT)
        assert term.wait() == 130
    assert "Traceback" not in term.text and "Aborted!" not in term.text


def test_keys_typed_while_the_bots_play_are_not_echoed_as_moves(tmp_path: Path) -> None:
    """Typed during the bots' turns, `zqxw` used to show up in the log between their moves; now the
    terminal does not echo it, and it is dropped before the prompt (it was not meant as a move)."""
    from terminal import Terminal

    with Terminal(
        "play", "rummy", "--players", "4", "--seat", "P4", "--seed", "5", "--pace", "0.4", home=tmp_path, cols=100
    ) as term:
        assert term.expect("P1 "), term.text  # a bot's first move is shown: the bots are playing
        start = len(term.buf)
        term.send("zqxw")
        assert term.expect("P4>", timeout=60), term.text
        during = bytes(term.buf[start:]).decode(errors="replace")
        assert "zqxw" not in during, during
        term.line("moves", "draw")  # the prompt takes what is typed now, and nothing typed before
        assert "zqxw" not in term.text
        term.send("quit\r")
        assert term.wait() == 0
