"""Run cardcli in a real pseudo-terminal for end-to-end tests of the prompt-toolkit driver."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType


class Terminal:
    """``python -m cardcli ARGS`` on a pty of the given size, answering cursor-position requests
    as a real terminal does (prompt-toolkit needs the answer to draw its bottom toolbar)."""

    def __init__(self, *args: str, home: Path, rows: int = 40, cols: int = 120) -> None:
        import fcntl
        import struct
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ, CARDCLI_HOME=str(home), TERM="xterm", COLUMNS=str(cols), LINES=str(rows))
        env.pop("NO_COLOR", None)
        env.pop("PROMPT_TOOLKIT_NO_CPR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardcli", *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.buf = bytearray()

    def expect(self, needle: bytes | str, timeout: float = 120.0, since: int = 0) -> bool:
        """Wait until ``needle`` has appeared in the output after byte ``since`` (True) or the time is up."""
        want = needle.encode() if isinstance(needle, str) else needle
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if want in self.buf[since:]:
                return True
            ready, _w, _x = select.select([self.master], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            if b"\x1b[6n" in chunk:
                os.write(self.master, b"\x1b[1;1R")
            self.buf.extend(chunk)
        return want in self.buf[since:]

    def send(self, keys: bytes | str) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def line(self, text: str, expect: bytes | str) -> None:
        """Type a line and wait for ``expect``; fails with the output since the line was typed."""
        start = len(self.buf)
        self.send(text + "\r")
        assert self.expect(expect), bytes(self.buf[start:]).decode(errors="replace")

    @property
    def text(self) -> str:
        return bytes(self.buf).decode(errors="replace")

    def wait(self, timeout: float = 120.0) -> int:
        return self.proc.wait(timeout=timeout)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
