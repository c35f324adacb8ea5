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


def test_bridge_starts_and_verifies_about_as_fast_as_rummy(tmp_path: object) -> None:
    """`cardcli play bridge` up to its first prompt, and `replay verify` of a bridge file, next to
    rummy's figures (the aim: bridge within 1.5x of rummy; endplay is loaded only at a first solve)."""
    import os
    from pathlib import Path

    from cardcli.replay.io import write
    from tests.benchmarks.test_bridge_speed import long_rubber

    home = Path(str(tmp_path))
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "cfg"))

    def start_ms(game: str) -> float:
        times = []
        for _ in range(9):
            t = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "cardcli", "play", game, "--seed", "1", "--plain"],
                input=b"quit\n",
                check=False,
                capture_output=True,
                env=env,
            )
            times.append((time.perf_counter() - t) * 1000)
        return statistics.median(times)

    bridge_file = home / "bridge.cardcli.json"
    write(bridge_file, long_rubber(32).to_replay())
    rummy_file = Path(__file__).parents[2] / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
    bridge_start, rummy_start = start_ms("bridge"), start_ms("rummy")
    bridge_verify = _median_ms([sys.executable, "-m", "cardcli", "replay", "verify", str(bridge_file)], 9)
    rummy_verify = _median_ms([sys.executable, "-m", "cardcli", "replay", "verify", str(rummy_file)], 9)
    print(
        f"\nplay to the first prompt and quit: bridge {bridge_start:6.1f} ms, rummy {rummy_start:6.1f} ms "
        f"({bridge_start / rummy_start:.2f}x)"
    )
    print(
        f"replay verify: bridge {bridge_verify:6.1f} ms ({bridge_file.stat().st_size} bytes), rummy "
        f"{rummy_verify:6.1f} ms ({rummy_file.stat().st_size} bytes) ({bridge_verify / rummy_verify:.2f}x)"
    )
    assert bridge_start > 0 and rummy_verify > 0
