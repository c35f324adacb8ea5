"""A table a player enjoys, in a real 80×24 terminal: the table fits, the toolbar is whole, keys
typed while the bots play are thrown away, the hand's result waits for Enter, and in bridge you
play the contract when partner declares."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _terminal(*args: str, home: Path) -> Any:
    """A pty of 80×24 whose cursor-position answers come from a screen kept up to date, as a real
    terminal's do (prompt-toolkit places its toolbar from them)."""
    import os
    import select

    from screen import Screen
    from terminal import Terminal

    class ScreenTerminal(Terminal):
        def __init__(self) -> None:
            super().__init__(*args, home=home, rows=24, cols=80)
            self.screen = Screen(24, 80)

        def expect(self, needle: bytes | str, timeout: float = 120.0, since: int = 0) -> bool:
            want = needle.encode() if isinstance(needle, str) else needle
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                if want in self.buf[since:]:
                    return True
                ready, _w, _x = select.select([self.master], [], [], 0.1)
                if not ready:
                    continue
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.buf.extend(chunk)
                text = chunk.decode(errors="replace")
                parts = text.split("\x1b[6n")
                for i, part in enumerate(parts):
                    self.screen.feed(part)
                    if i < len(parts) - 1:
                        os.write(self.master, f"\x1b[{self.screen.y + 1};{self.screen.x + 1}R".encode())
            return want in self.buf[since:]

        def drain(self) -> Any:
            self.expect("\x00 (read what is pending)", timeout=0.7)
            return self.screen

    return ScreenTerminal()


def test_burraco_fits_80_by_24_and_typed_ahead_keys_are_dropped(tmp_path: Path) -> None:
    with _terminal("play", "burraco", "--seed", "5", "--pace", "0.2", home=tmp_path) as term:
        assert term.expect("South>"), term.text
        assert term.expect("(to 2005)")
        term.line("draw", "South draws")
        assert term.expect("Your hand (12)")
        term.drain()  # the prompt is back: what is typed now is input
        start = len(term.buf)
        term.send("discard 10")
        assert term.expect("discard 10", since=start)
        typed = len(term.buf)
        term.send("\t")  # `discard 10` + Tab: the ten of clubs
        assert term.expect("♣", since=typed), term.text[start:]  # 10♣, as the hand writes it
        mark = len(term.buf)
        term.send("\r")
        assert term.expect("South discards", since=mark)
        term.send("zzz\r")  # typed while the bots play (0.2 s a move)
        assert term.expect("East discards", since=mark, timeout=30), term.text[mark:]
        assert term.expect("Your hand (11)", since=mark)
        screen = term.drain()
        text = screen.text
        for fact in ("stock 3", "Discard pile:", "N-S (you):", "E-W:", "Your hand (11):", "East discards"):
            assert fact in text, (fact, text)
        toolbar = screen.lines[-1]
        assert "N-S 0  E-W 0 (to 2005)" in toolbar and "…" not in toolbar, toolbar
        assert screen.autowraps == [], screen.autowraps  # every line fitted in 80 columns
        term.line("quit", "Game saved")
        assert term.wait() == 0
    assert "'zzz'" not in term.text  # the keys typed ahead never became a move
    assert "Traceback" not in term.text


def test_the_hand_result_waits_for_enter(tmp_path: Path) -> None:
    """Eleusis with you dealing (`--dealer me`): the bots play the whole hand, then it waits."""
    with _terminal("play", "eleusis", "--players", "3", "--dealer", "me", "--seed", "3", "--fast", home=tmp_path) as term:
        assert term.expect("Hand 1: P1 deals."), term.text
        assert term.expect("P1>")
        term.line("rule accept: color(c) != color(p1)", "Press Enter for the next hand")
        mark = len(term.buf)
        time.sleep(1.0)
        assert not term.expect("Hand 2:", since=mark, timeout=0.5)  # the result stays on screen ...
        term.send("\r")
        assert term.expect("Hand 2:", since=mark)  # ... until Enter
        assert term.expect("P1>", since=mark)
        term.line("quit", "Game saved")
        assert term.wait() == 0
    assert "Traceback" not in term.text


def test_bridge_you_play_the_contract_when_partner_declares(tmp_path: Path) -> None:
    """Seed 39: South passes throughout and North plays 1H; South (you) plays both hands."""
    with _terminal("play", "bridge", "--seed", "39", "--fast", home=tmp_path) as term:
        for _ in range(4):
            if term.expect("1♥ by North", timeout=3):
                break
            mark = len(term.buf)
            term.send("P\r")
            assert term.expect("South passes", since=mark), term.text[mark:]
        assert term.expect("the contract is 1♥ by North")  # calls as the table writes them
        assert term.expect("North (you, declarer"), term.text[-3000:]  # you act from the declarer's seat
        assert term.expect("North>")
        screen = term.drain()
        assert "North (you, declarer" in screen.text, screen.text
        assert "Trick 1:" in screen.text
        toolbar = screen.lines[-1]
        assert "score NS 0 EW 0" in toolbar and "tricks NS 0 EW 0" in toolbar, toolbar
        assert screen.autowraps == [], screen.autowraps
        term.line("hint", "hint: play")
        term.line("quit", "Game saved")
        assert term.wait() == 0
    assert "Traceback" not in term.text


def test_a_late_canasta_hand_fits_80_by_24(tmp_path: Path) -> None:
    """Seed 66 at move 110: North-South have 13 melds and East-West 11; the melds share lines, so the
    stock and the pozzo stay on screen while the prompt asks to draw or take the pozzo."""
    from click.testing import CliRunner

    from cardcli.cli import cli

    record = tmp_path / "c66.cardcli.json"
    made = CliRunner().invoke(cli, ["play", "canasta", "--seed", "66", "--bots", "all", "--hands", "1", "--record", str(record)])
    assert made.exit_code == 0, made.output
    with _terminal("play", "--from", f"{record}@1.110", home=tmp_path) as term:
        assert term.expect("South>"), term.text
        screen = term.drain()
        text = screen.text
        for fact in (
            "stock 15",
            "Pozzo: [9♣]",
            "NS (South & North)",
            "EW (West & East)",
            "Your hand (7):",
            "`draw` two cards, or `take` the pozzo.",
        ):
            assert fact in text, (fact, text)
        assert text.count(": 7 cards [") >= 8  # the closed canastas, squared up, by their size
        assert screen.autowraps == [], screen.autowraps
        term.line("quit", "Game saved")
        assert term.wait() == 0
