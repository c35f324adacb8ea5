"""``replay verify`` of long seeded meld-game hands: deals verified per second, next to an earlier
version on the very same files in the same run.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_meld_verify_speed.py``. The hands are
whole seeded hands played by the default bots (canasta with four and two players, burraco with four),
recorded once by this version. Each contender verifies them (decode and strict fold, as ``replay
verify`` does) in a process of its own for ``ROUND`` CPU seconds a round; the rounds are taken in turn
and each side's figure is its **median** round. With ``CARDCLI_BENCH_BASELINE=<commit>`` that commit's
code verifies the same files too, and the ratio is printed; without it only this version's figures are.
"""

from __future__ import annotations

import os
import statistics
import tempfile
from pathlib import Path

import pytest

from tests.benchmarks.test_verify_speed import ROOT, VERIFY, extract, run_in

SETS = (("canasta", 4), ("canasta", 2), ("burraco", 4))
HANDS = 24
"""Seeded hands per set (seeds ``long-0`` … ``long-23``)."""
ROUND = 0.6
"""CPU seconds of one contender's turn in a round."""
ROUNDS = 5


def record(folder: Path, game: str, players: int) -> float:
    """Write ``HANDS`` seeded bot hands of ``game`` to ``folder``; returns their mean length in moves."""
    from cardcli.replay.io import encode_json
    from cardcli.session import Session

    folder.mkdir(parents=True)
    moves = 0
    for i in range(HANDS):
        s = Session.new(game, seed=f"long-{i}", players=players, human_seats=(), hands_limit=1)
        s.run_bots()
        replay = s.to_replay()
        moves += sum(len(h.moves) for h in replay.hands)
        (folder / f"{game}-{i}.cardcli.json").write_bytes(encode_json(replay))
    return moves / HANDS


def one_round(tree: Path, pattern: str) -> float:
    """One round: deals/s over the files ``pattern`` names, verified by the cardcli of ``tree``."""
    return float(run_in(tree, VERIFY, pattern, str(ROUND), "1"))


@pytest.mark.benchmark
def test_long_meld_hands_verified_per_second() -> None:
    baseline = os.environ.get("CARDCLI_BENCH_BASELINE")
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"now": ROOT}
        if baseline:
            old = Path(tmp) / "old"
            extract(baseline, old, "cardcli")
            trees = {"then": old, "now": ROOT}
        lines = [f"replay verify of {HANDS} long seeded hands per set, median of {ROUNDS} interleaved rounds:"]
        for game, players in SETS:
            folder = Path(tmp) / f"{game}-{players}"
            length = record(folder, game, players)
            rates: dict[str, list[float]] = {name: [] for name in trees}
            for _ in range(ROUNDS):
                for name, tree in trees.items():
                    rates[name].append(one_round(tree, str(folder / "*.cardcli.json")))
            med = {name: statistics.median(r) for name, r in rates.items()}
            line = f"  {game} {players}p ({length:.0f} moves a hand): {med['now']:.0f} deals/s"
            if baseline:
                line += f", {baseline[:10]} {med['then']:.0f} deals/s ({med['now'] / med['then']:.2f}x)"
            lines.append(line)
    print("\n" + "\n".join(lines))
