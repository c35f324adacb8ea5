"""Deals verified per second (decode and strict fold of whole replay files), optionally next to an
earlier version on the same matches.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_verify_speed.py``. With
``CARDCLI_BENCH_BASELINE=<commit>`` the earlier version verifies its own shipped bridge replays, and
this one verifies the same matches in today's format, taking turns, best of three rounds each.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("bridge", "canasta", "burraco", "rummy", "eleusis")

VERIFY = r"""
import glob, sys, time
from pathlib import Path
from cardcli.replay.io import decode
from cardcli.session import Session
datas = [Path(f).read_bytes() for f in sorted(glob.glob(sys.argv[1]))]
best = 0.0
for _ in range(int(sys.argv[3]) if len(sys.argv) > 3 else 3):
    start, hands = time.process_time(), 0
    while time.process_time() - start < float(sys.argv[2]):
        for data in datas:
            replay = decode(data)
            Session.from_replay(replay)
            hands += len(replay.hands)
    best = max(best, hands / (time.process_time() - start))
print(best)
"""
"""Deals/s over the files a glob names, on whichever cardcli is first on the path: the best of three
rounds of ``argv[2]`` CPU seconds (or of ``argv[3]`` rounds)."""


def rate(tree: Path, pattern: str, seconds: float = 0.5) -> float:
    return float(run_in(tree, VERIFY, pattern, str(seconds)))


def run_in(tree: Path, script: str, *args: str) -> str:
    """What ``script`` prints, run with the cardcli of ``tree``."""
    out = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
        env=dict(os.environ, PYTHONPATH=str(tree)),
    )
    return out.stdout.strip()


def extract(commit: str, into: Path, *paths: str) -> None:
    """The files under ``paths`` as they are at ``commit``, written below ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, *paths], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


@pytest.mark.benchmark
def test_deals_verified_per_second() -> None:
    lines = [f"{game:8} {rate(ROOT, str(ROOT / 'replays' / game / '*.cardcli.json')):9.0f} deals/s" for game in GAMES]
    print("\nreplay verify of the shipped replays (decode + strict fold):\n  " + "\n  ".join(lines))
    baseline = os.environ.get("CARDCLI_BENCH_BASELINE")
    if not baseline:
        return
    from cardcli.replay.io import read, write

    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        extract(baseline, old, "cardcli", "replays/bridge")
        now = Path(tmp) / "now"
        now.mkdir()
        for f in sorted((old / "replays" / "bridge").glob("*.cardcli.json")):
            write(now / f.name, read(f))  # the same match in today's format
        then_rate = now_rate = 0.0
        for _ in range(2):
            then_rate = max(then_rate, rate(old, str(old / "replays" / "bridge" / "*.cardcli.json")))
            now_rate = max(now_rate, rate(ROOT, str(now / "*.cardcli.json")))
    print(
        f"bridge replays of {baseline[:10]}: {then_rate:.0f} deals/s then, {now_rate:.0f} deals/s now "
        f"({now_rate / then_rate:.2f}x)"
    )
