"""Speed of `replay export --format html` (run with -m benchmark -s).

Workloads: the shipped 29-hand rummy match, and a 648-board bridge event (the 216-board club file
three times over: every board with its file record, most of them still to be played or stopping in
the play). Each is measured side by side with a reference on the same replay — its strict
verification (`Session.from_replay`, the fold every command starts with) — in 5 interleaved rounds
of CPU time, and the medians printed with the figure the goal is set in: seconds per 100 hands
(goal: at most 0.5).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.replay.html import page
from cardcli.replay.io import read
from cardcli.replay.model import Replay
from cardcli.session import Session

pytestmark = pytest.mark.benchmark

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 5


def _cpu(work: object) -> float:
    start = time.process_time()
    work()  # type: ignore[operator]
    return time.process_time() - start


def _event(tmp_path: Path) -> Replay:
    text = (ROOT / "tests" / "data" / "pbn" / "club-pairs-216.pbn").read_text()
    pbn = tmp_path / "event.pbn"
    pbn.write_text("\n".join([text] * 3))
    out = tmp_path / "event.cardcli.json"
    res = CliRunner().invoke(cli, ["replay", "import", str(pbn), "-o", str(out)])
    assert res.exit_code == 0, res.output
    return read(out)


def test_html_export_speed(tmp_path: Path) -> None:
    workloads = {
        "rummy, 29 hands": read(ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json"),
        "bridge event": _event(tmp_path),
    }
    print(f"\n{'workload':<20} {'hands':>6} {'html s':>8} {'verify s':>9} {'ratio':>6} {'s / 100 hands':>14} {'page KB':>8}")
    for name, replay in workloads.items():
        html_times, verify_times = [], []
        for _round in range(ROUNDS):  # interleaved: the same load for both
            html_times.append(_cpu(lambda r=replay: page(r)))
            verify_times.append(_cpu(lambda r=replay: Session.from_replay(r)))
        html_s, verify_s = statistics.median(html_times), statistics.median(verify_times)
        per_100 = html_s * 100 / len(replay.hands)
        size = len(page(replay).encode()) / 1024
        print(
            f"{name:<20} {len(replay.hands):>6} {html_s:>8.3f} {verify_s:>9.3f} {html_s / verify_s:>6.2f} "
            f"{per_100:>14.3f} {size:>8.0f}"
        )
        assert per_100 <= 0.5, (name, per_100)
