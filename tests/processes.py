"""Real cardcli processes for the tests about processes (saves, locks, the store): start one, read what it
says until a needle appears. The limit is a hang limit, generous enough for a machine at load 10."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

HANG = 180.0
"""Seconds before a process that gave no answer counts as hung (not a speed test)."""


def spawn(home: Path, *args: str) -> subprocess.Popen[bytes]:
    """``python -m cardcli ARGS`` with ``home`` as its data folder, piped, without a terminal."""
    env = dict(os.environ, CARDCLI_HOME=str(home), TERM="dumb")
    return subprocess.Popen(
        [sys.executable, "-m", "cardcli", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
    )


def read_until(proc: subprocess.Popen[bytes], needle: str, timeout: float = HANG) -> str:
    """What ``proc`` printed until ``needle`` (or its end, or the hang limit)."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    seen = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end and needle.encode() not in seen:
        ready, _w, _x = select.select([fd], [], [], 0.1)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            seen += chunk
    return seen.decode(errors="replace")
