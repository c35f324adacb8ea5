"""How fast `cardcli --help` starts, next to `python -c "import click"` (run with -m benchmark -s)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.benchmark


def _median_ms(cmd: list[str], runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def test_help_startup_time() -> None:
    base = _median_ms([sys.executable, "-c", "pass"])
    click_ms = _median_ms([sys.executable, "-c", "import click"])
    help_ms = _median_ms([sys.executable, "-m", "cardcli", "--help"])
    version_ms = _median_ms([sys.executable, "-m", "cardcli", "--version"])
    ptk_ms = _median_ms([sys.executable, "-c", "import prompt_toolkit"])
    print(f"\npython -c pass:                 {base:6.1f} ms")
    print(f"python -c 'import click':       {click_ms:6.1f} ms")
    print(f"python -c 'import prompt_toolkit': {ptk_ms:6.1f} ms (what lazy loading saves)")
    print(f"cardcli --help:                 {help_ms:6.1f} ms")
    print(f"cardcli --version:              {version_ms:6.1f} ms")
    assert help_ms > 0
