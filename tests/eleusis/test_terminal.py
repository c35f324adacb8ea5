"""The dealer's part in a real pseudo-terminal (prompt-toolkit): an unfair rule is refused with its
witness, a syntax error with its column, a valid rule judges the bots' cards."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _read_until(fd: int, needle: bytes, buf: bytearray, timeout: float = 30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if needle in buf:
            return True
        ready, _w, _x = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return needle in buf
            if not chunk:
                return needle in buf
            if b"\x1b[6n" in chunk:
                os.write(fd, b"\x1b[1;1R")  # answer the cursor-position request as a terminal does
            buf.extend(chunk)
    return needle in buf


def test_the_dealer_types_rules_in_a_real_terminal(tmp_path: Path) -> None:
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
    env = dict(os.environ, CARDCLI_HOME=str(tmp_path), TERM="xterm", COLUMNS="160", LINES="50")
    env.pop("NO_COLOR", None)
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    proc = subprocess.Popen([sys.executable, "-m", "cardcli", "play", "eleusis", "--seed", "2", "--players", "5",
                             "--seat", "5", "--record", str(tmp_path / "dealer.cardcli.json")],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    buf = bytearray()

    def send(line: str, expect: bytes) -> None:
        start = len(buf)
        os.write(master, line.encode() + b"\r")
        assert _read_until(master, expect, buf), buf[start:].decode(errors="replace")

    try:
        assert _read_until(master, b"P5>", buf), buf.decode(errors="replace")
        send("rule accept: rank(c) == rank(p1) + 1", b"after KC no card is playable")
        send("rule accept: color(c) != color(p1) or", b"column 33 of the rule")
        send("rule accept: color(c) == color(p1) or rank(c) == rank(p1)", b"P1 plays")
        assert _read_until(master, b"The rule was: accept: color(c) == color(p1) or rank(c) == rank(p1)", buf)
        send("quit", b"Game saved")
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert b"Traceback" not in buf
