"""One end-to-end run in a real pseudo-terminal: prompt-toolkit, Tab completion, save on quit."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


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
                # Answer prompt-toolkit's cursor-position request as a terminal does;
                # with the answer it knows the screen height and draws the toolbar.
                os.write(fd, b"\x1b[1;1R")
            buf.extend(chunk)
    return needle in buf


def test_play_in_a_real_terminal(tmp_path: Path) -> None:
    master, slave = os.openpty()
    import fcntl
    import struct
    import termios

    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    env = dict(os.environ, CARDCLI_HOME=str(tmp_path), TERM="xterm",
               COLUMNS="100", LINES="40")
    env.pop("NO_COLOR", None)
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    proc = subprocess.Popen([sys.executable, "-m", "cardcli", "play", "rummy", "--seed", "7"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    buf = bytearray()
    try:
        assert _read_until(master, b"P1>", buf), buf.decode(errors="replace")
        assert _read_until(master, b"Tab: moves", buf)  # the bottom toolbar
        os.write(master, b"draw s\t")
        time.sleep(0.3)
        os.write(master, b"\r")
        assert _read_until(master, b"P1 draws", buf), buf.decode(errors="replace")
        os.write(master, b"discard ZZ\r")
        assert _read_until(master, b"is not a card", buf)
        os.write(master, b"quit\r")
        assert _read_until(master, b"Game saved", buf)
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert (tmp_path / "saves" / "rummy.cardcli.json").exists()
