"""The issue's four refusals in a real pseudo-terminal (prompt-toolkit), from the demo positions."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

DEMOS = Path(__file__).resolve().parent / "demos"


def _read_until(fd: int, needle: bytes, buf: bytearray, timeout: float = 20.0) -> bool:
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
                os.write(fd, b"\x1b[1;1R")  # answer the cursor-position request like a terminal
            buf.extend(chunk)
    return needle in buf


@pytest.mark.parametrize(("demo", "rule"), [
    ("frozen-pozzo", b"take.black-three"),
    ("opening-short", b"open.minimum"),
    ("third-wildcard", b"meld.set.wilds"),
    ("no-dirty-canasta", b"out.canastas"),
])
def test_refused_with_its_rule_in_a_terminal(tmp_path: Path, demo: str, rule: bytes) -> None:
    import fcntl
    import struct
    import termios

    from cardcli.replay.io import read

    typed = (read(DEMOS / f"{demo}.cardcli.json").title or "").rsplit("`", 2)[1].encode()

    copy = tmp_path / f"{demo}.cardcli.json"
    copy.write_bytes((DEMOS / f"{demo}.cardcli.json").read_bytes())
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 120, 0, 0))
    env = dict(os.environ, CARDCLI_HOME=str(tmp_path / "home"), TERM="xterm", COLUMNS="120", LINES="50")
    env.pop("NO_COLOR", None)
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    proc = subprocess.Popen([sys.executable, "-m", "cardcli", "play", "--resume", str(copy)],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    buf = bytearray()
    try:
        assert _read_until(master, b"South>", buf), buf.decode(errors="replace")
        os.write(master, typed + b"\r")
        assert _read_until(master, b"rule " + rule, buf), buf.decode(errors="replace")
        os.write(master, b"quit\r")
        assert _read_until(master, b"Game saved", buf), buf.decode(errors="replace")
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert b"Traceback" not in buf
